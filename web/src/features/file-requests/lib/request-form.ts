import type { FileRequestCreate } from "@drive/contract";
import { endOfDay } from "@/lib/dates";

/** What the "Request files" dialog's fields hold, as typed. */
export interface RequestForm {
  title: string;
  password: string;
  /** "YYYY-MM-DD" from the date field, or "". */
  expiry: string;
  /** Largest file in MB, or "". */
  maxSizeMb: string;
  maxFiles: string;
}

export const EMPTY_FORM: RequestForm = { title: "", password: "", expiry: "", maxSizeMb: "", maxFiles: "" };

const MB = 1024 * 1024;

/** The body of `POST /file-requests` for a folder, or the first field that is wrong and why. */
export function requestBody(
  folderId: string,
  form: RequestForm,
): { body: FileRequestCreate } | { field: keyof RequestForm; error: string } {
  const body: FileRequestCreate = { folderId };
  const title = form.title.trim();
  if (title) body.title = title;
  if (form.password) body.password = form.password;
  if (form.expiry) {
    const expiresAt = endOfDay(form.expiry);
    if (!expiresAt || new Date(expiresAt).getTime() <= Date.now())
      return { field: "expiry", error: "Choose a day from today on." };
    body.expiresAt = expiresAt;
  }
  if (form.maxSizeMb.trim()) {
    const mb = Number(form.maxSizeMb);
    if (!Number.isFinite(mb) || mb <= 0) return { field: "maxSizeMb", error: "Enter a size above 0 MB." };
    body.maxFileSize = Math.max(1, Math.round(mb * MB));
  }
  if (form.maxFiles.trim()) {
    const n = Number(form.maxFiles);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
      return { field: "maxFiles", error: "Enter a whole number from 1." };
    body.maxFiles = n;
  }
  return { body };
}

/** The page an uploader opens: `/request/{id}` on this client. */
export const requestLink = (origin: string, id: string) => `${origin}/request/${id}`;

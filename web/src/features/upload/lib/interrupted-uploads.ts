/**
 * Files of a batch still uploading, kept in this tab's sessionStorage (it survives a reload, is per tab, and ends
 * with the tab), so that after a reload the page can offer to resume them. A page cannot reopen files by itself, so
 * resuming asks for them again and matches them by name, size and modification time; the server keeps the parts
 * already sent (the upload id is made of the same facts), so only the rest is sent.
 *
 * Kept free of the queue's code: the first page reads it without loading the upload queue.
 */
export interface InterruptedUpload {
  name: string;
  folderPath: string;
  size: number;
  lastModified: number;
}

const ACTIVE_KEY = "drive.uploads.active";
const INTERRUPTED_KEY = "drive.uploads.interrupted";

function read(key: string): InterruptedUpload[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter(isUpload) : [];
  } catch {
    return [];
  }
}

function isUpload(value: unknown): value is InterruptedUpload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === "string" &&
    typeof v.folderPath === "string" &&
    typeof v.size === "number" &&
    typeof v.lastModified === "number"
  );
}

function write(key: string, uploads: readonly InterruptedUpload[]): void {
  try {
    if (uploads.length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(uploads));
  } catch {
    // Storage full or refused (private modes): resuming after a reload is a comfort, uploads go on without it.
  }
}

const sameUpload = (a: InterruptedUpload, b: InterruptedUpload) =>
  a.name === b.name && a.folderPath === b.folderPath && a.size === b.size && a.lastModified === b.lastModified;

let interrupted: InterruptedUpload[] | undefined;
const listeners = new Set<() => void>();

/**
 * The uploads a reload cut off: read once per page load, when what was still uploading before the reload becomes
 * "interrupted" (added to any not yet resumed or dismissed).
 */
export function interruptedUploads(): readonly InterruptedUpload[] {
  if (interrupted === undefined) {
    const earlier = read(INTERRUPTED_KEY);
    const cut = read(ACTIVE_KEY).filter((u) => !earlier.some((e) => sameUpload(e, u)));
    interrupted = [...earlier, ...cut];
    write(INTERRUPTED_KEY, interrupted);
    write(ACTIVE_KEY, []);
  }
  return interrupted;
}

export function subscribeInterrupted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setInterrupted(next: InterruptedUpload[]): void {
  interrupted = next;
  write(INTERRUPTED_KEY, next);
  for (const listener of listeners) listener();
}

/** Records what is uploading now (the queue calls it as files start and end). */
export function rememberActive(uploads: readonly InterruptedUpload[]): void {
  interruptedUploads();
  write(ACTIVE_KEY, uploads);
}

/** Forgets the interrupted uploads (the user said no). */
export function dismissInterrupted(): void {
  setInterrupted([]);
}

/**
 * Pairs files picked again with the interrupted uploads (same name, size and modification time) and forgets those;
 * returns what to upload where. Files that match nothing are returned apart.
 */
export function matchInterrupted(files: readonly File[]): {
  resume: { file: File; folderPath: string }[];
  unknown: File[];
} {
  const left = [...interruptedUploads()];
  const resume: { file: File; folderPath: string }[] = [];
  const unknown: File[] = [];
  for (const file of files) {
    const at = left.findIndex(
      (u) => u.name === file.name && u.size === file.size && u.lastModified === file.lastModified,
    );
    const found = left[at];
    if (!found) {
      unknown.push(file);
      continue;
    }
    left.splice(at, 1);
    resume.push({ file, folderPath: found.folderPath });
  }
  setInterrupted(left);
  return { resume, unknown };
}

import type { FileRequestPublic, FileRequestUploaded } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";

/**
 * The public side of a file request, called by someone without an account. Plain fetch and XMLHttpRequest (for upload
 * progress) rather than the drive's API client: this page must stay light, and no session or retry rule applies.
 */

/** A refusal of the public API, by HTTP status (0: no answer). */
export class RequestCallError extends Error {
  constructor(readonly status: number) {
    super(`file request call failed: ${status}`);
  }
}

const base = (id: string) => `/api/file-requests/${encodeURIComponent(id)}`;

export const publicRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["file-request", id],
    queryFn: async ({ signal }): Promise<FileRequestPublic> => {
      const res = await fetch(base(id), { signal }).catch(() => {
        throw new RequestCallError(0);
      });
      if (!res.ok) throw new RequestCallError(res.status);
      return (await res.json()) as FileRequestPublic;
    },
    retry: (count, error) => error instanceof RequestCallError && error.status === 0 && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Gives the password; the server answers with a cookie that lets this browser upload. */
export async function unlockRequest(id: string, password: string): Promise<void> {
  const res = await fetch(`${base(id)}/unlock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  }).catch(() => {
    throw new RequestCallError(0);
  });
  if (!res.ok) throw new RequestCallError(res.status);
}

/** Sends one file; `onProgress` gets the bytes sent so far. Resolves with the name the file got. */
export function sendFile(
  id: string,
  file: File,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<FileRequestUploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base(id)}/files?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status === 201) resolve(JSON.parse(xhr.responseText) as FileRequestUploaded);
      else reject(new RequestCallError(xhr.status));
    };
    xhr.onerror = () => reject(new RequestCallError(0));
    xhr.onabort = () => reject(new RequestCallError(0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

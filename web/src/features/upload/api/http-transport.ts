import { sessionQueryOptions } from "@/features/auth/api/get-session";
import { ApiError, apiRequest, buildUrl } from "@/lib/api-client";
import { queryClient } from "@/query-client";
import { PartError } from "../lib/retry-policy";
import type { CreateFileBody, PartRequest, UploadedPart, UploadTransport } from "../lib/upload-transport";

/** Parts are large; give each one ten minutes before calling it a network fault. */
const PART_TIMEOUT_MS = 600_000;

function messageOf(xhr: XMLHttpRequest): string {
  try {
    return ApiError.messageOf(JSON.parse(xhr.responseText)) ?? xhr.statusText;
  } catch {
    return xhr.responseText.trim() || xhr.statusText || `HTTP ${xhr.status}`;
  }
}

/** XMLHttpRequest because fetch reports no upload progress. Every status is checked. */
function sendPart(request: PartRequest, onProgress: (loaded: number) => void, signal: AbortSignal) {
  return new Promise<UploadedPart>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = buildUrl(`/uploads/${encodeURIComponent(request.uploadId)}`, {
      partName: request.partName,
      fileName: request.fileName,
      partNo: request.partNo,
      channelId: request.channelId,
      encrypted: request.encrypted,
    });
    xhr.open("POST", url);
    xhr.timeout = PART_TIMEOUT_MS;
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new PartError(messageOf(xhr), xhr.status));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as UploadedPart);
      } catch {
        reject(new PartError("the server sent an unreadable answer", xhr.status));
      }
    };
    xhr.onerror = () => reject(new PartError("connection lost", 0));
    xhr.ontimeout = () => reject(new PartError("timed out", 0));
    xhr.onabort = () => reject(new PartError("cancelled", 0));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
}

interface FileList {
  items: unknown[];
}

/** The queue's view of the server. */
export const httpTransport: UploadTransport = {
  async userId() {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw new Error("You are signed out");
    return session.userId;
  },
  async listParts(uploadId, signal) {
    return (await apiRequest<UploadedPart[]>(`/uploads/${encodeURIComponent(uploadId)}`, { signal })) ?? [];
  },
  sendPart,
  async createFile(body: CreateFileBody, signal) {
    await apiRequest("/files", { method: "POST", body, signal });
  },
  async deleteUpload(uploadId) {
    await apiRequest(`/uploads/${encodeURIComponent(uploadId)}`, { method: "DELETE" });
  },
  async mkdir(path) {
    await apiRequest("/files/mkdir", { method: "POST", body: { path } });
  },
  async exists(folderPath, name) {
    const list = await apiRequest<FileList>("/files", {
      query: { operation: "find", path: folderPath, name, limit: 1 },
    });
    return (list?.items.length ?? 0) > 0;
  },
};

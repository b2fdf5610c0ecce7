import { ApiError, api, apiB, buildUrl, fillPath, type QueryOf } from "@/drive/api/api-client";
import { getApiGeneration } from "@/drive/api/generation";
import { queryClient } from "@/drive/api/query-client";
import { joinPath, pathSegments } from "@/drive/files/folder-path";
import { sessionQueryOptions } from "@/drive/session/session";
import { PartError } from "../lib/retry-policy";
import type { CreateFileBody, PartRequest, UploadedPart, UploadTransport } from "../lib/upload-transport";

/**
 * A part may take long on a slow line, so there is no overall time-out; instead a send that makes no
 * progress for this long is treated as a dropped connection (and retried). After the last byte, the server
 * gets this long to store the part and answer.
 */
const STALL_MS = 120_000;

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
    const query: QueryOf<"/uploads/{id}", "post"> = {
      partName: request.partName,
      fileName: request.fileName,
      partNo: request.partNo,
      channelId: request.channelId,
      encrypted: request.encrypted,
      // The file is made from its `parts`, which gets no hash (Teldrive's rule): block hashes would be thrown away.
      hashing: false,
    };
    const url = buildUrl(fillPath("/uploads/{id}", { id: request.uploadId }), query);
    xhr.open("POST", url);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, STALL_MS);
    };
    arm();
    xhr.upload.onprogress = (event) => {
      arm();
      onProgress(event.loaded);
    };
    xhr.onloadend = () => clearTimeout(watchdog);
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
    xhr.onabort = () => reject(new PartError(stalled ? "the connection stalled" : "cancelled", 0));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
}

/** The queue's view of the server. */
export const httpTransport: UploadTransport = {
  async userId() {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw new Error("You are signed out");
    return session.userId;
  },
  async listParts(uploadId, signal) {
    return (await api.get("/uploads/{id}", { path: { id: uploadId }, signal })) ?? [];
  },
  sendPart,
  async createFile(body: CreateFileBody, signal) {
    await api.post("/files", { body, signal });
  },
  async deleteUpload(uploadId) {
    await api.delete("/uploads/{id}", { path: { id: uploadId } });
  },
  async mkdir(path) {
    if ((await getApiGeneration()) === "A") {
      await api.post("/files/mkdir", { body: { path } });
      return;
    }
    // API-B has no mkdir: each folder of the path is created in its parent; one that exists already answers 409.
    let parent = "/";
    for (const name of pathSegments(path)) {
      try {
        await apiB.post("/files", { body: { name, type: "folder", path: parent } });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
      }
      parent = joinPath(parent, name);
    }
  },
  async exists(folderPath, name) {
    const list = await api.get("/files", {
      query: { operation: "find", path: folderPath, name, limit: 1 },
    });
    return (list?.items.length ?? 0) > 0;
  },
};

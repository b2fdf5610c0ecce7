// Test data through the real HTTP API, using a browser context's request (so it shares the context's session cookie).
import crypto from "node:crypto";
import type { components } from "@drive/contract";
import type { APIRequestContext, APIResponse, Page } from "@playwright/test";

export type DriveFile = components["schemas"]["File"];
export type FileList = components["schemas"]["FileList"];
export type UploadPart = components["schemas"]["UploadPart"];

export interface UploadOptions {
  /** Bytes per part (every part but the last has this size); one part when omitted. */
  partSize?: number;
  encrypted?: boolean;
  mimeType?: string;
  /** Upload id; by default a random one. */
  uploadId?: string;
}

async function ok(res: APIResponse, what: string): Promise<APIResponse> {
  if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${await res.text()}`);
  return res;
}

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

export class DriveApi {
  /** `base` prefixes every path; leave it empty for a context that has a baseURL. */
  constructor(
    readonly request: APIRequestContext,
    readonly base = "",
  ) {}

  async mkdir(path: string): Promise<void> {
    await ok(await this.request.post(`${this.base}/api/files/mkdir`, { data: { path } }), `mkdir ${path}`);
  }

  async createFolder(name: string, path = "/"): Promise<DriveFile> {
    const res = await ok(
      await this.request.post(`${this.base}/api/files`, { data: { name, type: "folder", path } }),
      `create folder ${name} in ${path}`,
    );
    return (await res.json()) as DriveFile;
  }

  /** Uploads through POST /api/uploads/{id} per part, POST /api/files, DELETE /api/uploads/{id}, as the web client does. */
  async uploadFile(
    path: string,
    name: string,
    bytes: Uint8Array | string,
    opts: UploadOptions = {},
  ): Promise<DriveFile> {
    const body = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
    const uploadId = opts.uploadId ?? crypto.randomUUID().replaceAll("-", "");
    const partSize = opts.partSize && opts.partSize > 0 ? opts.partSize : Math.max(body.length, 1);
    const count = Math.max(1, Math.ceil(body.length / partSize));
    const parts: UploadPart[] = [];
    for (let i = 0; i < count; i++) {
      const chunk = body.subarray(i * partSize, Math.min(body.length, (i + 1) * partSize));
      const partName = count > 1 ? `${name}.part.${String(i + 1).padStart(3, "0")}` : name;
      const res = await ok(
        await this.request.post(`${this.base}/api/uploads/${uploadId}`, {
          params: { partName, fileName: name, partNo: i + 1, encrypted: Boolean(opts.encrypted) },
          headers: { "Content-Type": "application/octet-stream" },
          data: Buffer.from(chunk),
        }),
        `upload part ${i + 1} of ${name}`,
      );
      parts.push((await res.json()) as UploadPart);
    }
    const created = await ok(
      await this.request.post(`${this.base}/api/files`, {
        data: {
          name,
          type: "file",
          mimeType: opts.mimeType ?? "application/octet-stream",
          size: body.length,
          path,
          encrypted: Boolean(opts.encrypted),
          channelId: parts[0]?.channelId ?? 0,
          parts: parts.map((p) => (p.salt ? { id: p.partId, salt: p.salt } : { id: p.partId })),
        },
      }),
      `create file ${name} in ${path}`,
    );
    await ok(await this.request.delete(`${this.base}/api/uploads/${uploadId}`), `delete upload ${uploadId}`);
    return (await created.json()) as DriveFile;
  }

  async list(path: string, query: Record<string, string | number | boolean> = {}): Promise<FileList> {
    const res = await ok(
      await this.request.get(`${this.base}/api/files`, { params: { path, ...query } }),
      `list ${path}`,
    );
    return (await res.json()) as FileList;
  }

  /** Bytes of a file through the content URL (cookie auth). */
  async download(file: Pick<DriveFile, "id" | "name">): Promise<Buffer> {
    const res = await ok(
      await this.request.get(`${this.base}/api/files/${file.id}/${encodeURIComponent(file.name)}`),
      `download ${file.name}`,
    );
    return res.body();
  }

  /** Shares a file or folder and returns the share id (for /share/{id}). */
  async share(fileId: string, password?: string): Promise<string> {
    await ok(
      await this.request.post(`${this.base}/api/files/${fileId}/share`, { data: password ? { password } : {} }),
      `share ${fileId}`,
    );
    const res = await ok(await this.request.get(`${this.base}/api/files/${fileId}/share`), `get share of ${fileId}`);
    const { id } = (await res.json()) as { id: string };
    return id;
  }

  async session(): Promise<{ userId: number; hash: string; name: string; userName: string }> {
    const res = await ok(await this.request.get(`${this.base}/api/auth/session`), "session");
    return (await res.json()) as { userId: number; hash: string; name: string; userName: string };
  }
}

export { sha256 };

/**
 * Writes a patch of the client's 'settings' (zustand persist format) into localStorage before any page script runs.
 * Call before `page.goto` (or reload after).
 */
export async function setSettings(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.addInitScript((p) => {
    const key = "settings";
    let current: { state?: Record<string, unknown>; version?: number } = {};
    try {
      current = JSON.parse(localStorage.getItem(key) ?? "{}") ?? {};
    } catch {
      current = {};
    }
    localStorage.setItem(key, JSON.stringify({ state: { ...current.state, ...p }, version: current.version ?? 0 }));
  }, patch);
}

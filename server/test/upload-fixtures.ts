import crypto from "node:crypto";
import { expect } from "vitest";
import type { TestServer } from "./helpers.js";

export interface UploadPartOut {
  name: string;
  partId: number;
  partNo: number;
  channelId: number;
  size: number;
  encrypted: boolean;
  salt: string;
}

export const sha256 = (b: Buffer | Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

/** Uploads `data` as parts of `partSize` bytes through the real endpoint. */
export async function uploadParts(
  server: TestServer,
  cookie: string,
  data: Buffer,
  opts: { partSize: number; encrypted?: boolean; uploadId?: string; name?: string },
): Promise<UploadPartOut[]> {
  const uploadId = opts.uploadId ?? crypto.randomUUID();
  const name = opts.name ?? "data.bin";
  const parts: UploadPartOut[] = [];
  for (let off = 0, no = 1; off < data.length; off += opts.partSize, no++) {
    const res = await server.app.inject({
      method: "POST",
      url: `/api/uploads/${uploadId}`,
      query: {
        partName: `${name}.part.${String(no).padStart(3, "0")}`,
        fileName: name,
        partNo: String(no),
        encrypted: String(opts.encrypted ?? false),
      },
      headers: { cookie, "content-type": "application/octet-stream" },
      payload: data.subarray(off, off + opts.partSize),
    });
    expect(res.statusCode, res.body).toBe(200);
    parts.push(res.json());
  }
  return parts;
}

/** Registers uploaded parts as a file in the user's root folder through `POST /api/files`. */
export async function createFile(
  server: TestServer,
  cookie: string,
  opts: { name: string; parts: UploadPartOut[]; size: number; encrypted?: boolean; mimeType?: string; path?: string },
): Promise<{ id: string; name: string; updatedAt: string }> {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/files",
    headers: { cookie },
    payload: {
      name: opts.name,
      type: "file",
      path: opts.path ?? "/",
      size: opts.size,
      mimeType: opts.mimeType ?? "application/octet-stream",
      encrypted: opts.encrypted ?? false,
      channelId: opts.parts[0]?.channelId ?? 0,
      parts: opts.parts.map((p) => (p.salt ? { id: p.partId, salt: p.salt } : { id: p.partId })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Uploads `data` and registers it as a file. */
export async function storeFile(
  server: TestServer,
  cookie: string,
  data: Buffer,
  opts: { name?: string; partSize?: number; encrypted?: boolean; mimeType?: string; path?: string } = {},
) {
  const name = opts.name ?? "data.bin";
  const parts = await uploadParts(server, cookie, data, {
    partSize: opts.partSize ?? Math.max(data.length, 1),
    encrypted: opts.encrypted,
    name,
  });
  return createFile(server, cookie, { ...opts, name, parts, size: data.length });
}

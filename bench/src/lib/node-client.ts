// A signed-in API client on plain fetch (no browser), for load and fault runs.
import crypto from "node:crypto";
import type { FileList, FileOut } from "@drive/contract";
import { websocketLogin } from "../../../e2e/lib/auth.js";
import type { DriveServer } from "../../../e2e/lib/server.js";

export type { FileOut };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class NodeClient {
  constructor(
    readonly baseURL: string,
    private readonly cookie: string,
  ) {}

  static async signIn(server: DriveServer, phone: string): Promise<NodeClient> {
    const payload = await websocketLogin(server, phone);
    const res = await fetch(`${server.baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    if (!res.ok) throw new HttpError(res.status, `login: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .find((c) => c.startsWith("access_token="));
    if (!cookie) throw new Error("login set no access_token cookie");
    return new NodeClient(server.baseURL, cookie);
  }

  async call(method: string, path: string, body?: unknown, raw?: Uint8Array<ArrayBuffer>): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookie };
    let payload: BodyInit | undefined;
    if (raw) {
      headers["content-type"] = "application/octet-stream";
      payload = raw;
    } else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.baseURL}${path}`, { method, headers, body: payload });
    if (!res.ok) throw new HttpError(res.status, `${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await (await this.call(method, path, body)).json()) as T;
  }

  list(path: string, query: Record<string, string> = {}): Promise<FileList> {
    return this.json("GET", `/api/files?${new URLSearchParams({ path, ...query })}`);
  }

  mkdir(path: string): Promise<Response> {
    return this.call("POST", "/api/files/mkdir", { path });
  }

  /** The web client's upload sequence: parts, then the file, then the upload rows are dropped. */
  async upload(path: string, name: string, bytes: Uint8Array<ArrayBuffer>, partSize: number): Promise<FileOut> {
    const uploadId = crypto.randomUUID().replaceAll("-", "");
    const count = Math.max(1, Math.ceil(bytes.length / partSize));
    const parts: { id: number; salt?: string }[] = [];
    let channelId = 0;
    for (let i = 0; i < count; i++) {
      const q = new URLSearchParams({
        partName: count > 1 ? `${name}.part.${String(i + 1).padStart(3, "0")}` : name,
        fileName: name,
        partNo: String(i + 1),
      });
      const part = (await (
        await this.call(
          "POST",
          `/api/uploads/${uploadId}?${q}`,
          undefined,
          bytes.subarray(i * partSize, (i + 1) * partSize),
        )
      ).json()) as { partId: number; salt?: string; channelId: number };
      channelId = part.channelId;
      parts.push(part.salt ? { id: part.partId, salt: part.salt } : { id: part.partId });
    }
    const file = await this.json<FileOut>("POST", "/api/files", {
      name,
      type: "file",
      mimeType: "application/octet-stream",
      size: bytes.length,
      path,
      encrypted: false,
      channelId,
      parts,
    });
    await this.call("DELETE", `/api/uploads/${uploadId}`);
    return file;
  }

  async download(file: Pick<FileOut, "id" | "name">): Promise<Buffer> {
    const res = await this.call("GET", `/api/files/${file.id}/${encodeURIComponent(file.name)}`);
    return Buffer.from(await res.arrayBuffer());
  }
}

export const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

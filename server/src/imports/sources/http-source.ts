import contentDisposition from "content-disposition";
import type { SourceEntry } from "../filters.js";
import type { NetGuard } from "../net-guard.js";
import { guardedRequest, statusError } from "./http-client.js";
import type { Source } from "./source.js";

/** "Upload from a link": one file at an http(s) URL, resumed with a Range request where the server allows. */
export function httpSource(guard: NetGuard, url: URL, headers: Record<string, string> = {}): Source {
  return {
    async list(): Promise<SourceEntry[]> {
      const res = await guardedRequest(guard, url, { method: "GET", headers: { ...headers, range: "bytes=0-0" } });
      res.resume();
      if (res.statusCode !== 200 && res.statusCode !== 206) throw statusError(url.toString(), res);
      const size =
        res.statusCode === 206
          ? Number(/\/(\d+)$/.exec(res.headers["content-range"] ?? "")?.[1] ?? Number.NaN)
          : Number(res.headers["content-length"] ?? Number.NaN);
      if (!Number.isSafeInteger(size))
        throw new Error(`${url.host} does not say how large the file is, so it cannot be imported`);
      return [
        {
          path: fileName(url, res.headers["content-disposition"]),
          size,
          modified: lastModified(res.headers["last-modified"]),
        },
      ];
    },
    async open(_entry, start, signal) {
      const range: Record<string, string> = start > 0 ? { range: `bytes=${start}-` } : {};
      const res = await guardedRequest(guard, url, { headers: { ...headers, ...range }, signal });
      if (res.statusCode === 206 && start > 0) return { stream: res, start };
      if (res.statusCode === 200) return { stream: res, start: 0 };
      throw statusError(url.toString(), res);
    },
    async close() {},
  };
}

function fileName(url: URL, disposition: string | undefined): string {
  if (disposition) {
    try {
      const name = contentDisposition.parse(disposition).parameters.filename;
      if (name) return name.split(/[\\/]/).pop() || "download";
    } catch {
      // A malformed header: fall back to the URL's name.
    }
  }
  const last = decodeURIComponent(url.pathname.split("/").filter(Boolean).pop() ?? "");
  return last || url.hostname;
}

function lastModified(value: string | undefined): Date | undefined {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

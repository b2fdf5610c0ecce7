import { XMLParser } from "fast-xml-parser";
import type { SourceEntry } from "../filters.js";
import type { NetGuard } from "../net-guard.js";
import { guardedRequest, readText, statusError } from "./http-client.js";
import type { Source } from "./source.js";

const PROPFIND = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getcontentlength/><d:getlastmodified/></d:prop></d:propfind>`;

const MAX_ENTRIES = 1_000_000;

interface DavResponse {
  href?: string;
  propstat?: DavPropstat | DavPropstat[];
}
interface DavPropstat {
  status?: string;
  prop?: {
    resourcetype?: { collection?: unknown } | string;
    getcontentlength?: number | string;
    getlastmodified?: string;
  };
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === "response" || name === "propstat",
});

/** A WebDAV folder (`dav://` is http, `davs://` https), walked with PROPFIND Depth 1, files read with ranged GETs. */
export function davSource(guard: NetGuard, source: URL, headers: Record<string, string> = {}): Source {
  const secure = source.protocol === "davs:" || source.protocol === "webdavs:";
  const base = new URL(`${secure ? "https" : "http"}://${source.host}${source.pathname.replace(/\/?$/, "/")}`);
  const auth = source.username
    ? { user: decodeURIComponent(source.username), password: decodeURIComponent(source.password) }
    : undefined;
  const urlOf = (path: string) => new URL(path.split("/").map(encodeURIComponent).join("/"), base);

  async function propfind(dir: URL): Promise<DavResponse[]> {
    const res = await guardedRequest(guard, dir, {
      method: "PROPFIND",
      headers: { ...headers, depth: "1", "content-type": "application/xml" },
      body: PROPFIND,
      auth,
    });
    if (res.statusCode !== 207) throw statusError(`listing ${decodeURIComponent(dir.pathname)}`, res);
    const doc = parser.parse(await readText(res)) as { multistatus?: { response?: DavResponse[] } };
    return doc.multistatus?.response ?? [];
  }

  return {
    async list() {
      const out: SourceEntry[] = [];
      const queue: URL[] = [base];
      const seen = new Set<string>([base.pathname]);
      while (queue.length > 0) {
        const dir = queue.shift() as URL;
        for (const r of await propfind(dir)) {
          if (!r.href) continue;
          const href = new URL(r.href, dir);
          if (!href.pathname.startsWith(base.pathname) || seen.has(href.pathname)) continue;
          seen.add(href.pathname);
          const stats = Array.isArray(r.propstat) ? r.propstat : r.propstat ? [r.propstat] : [];
          const prop = stats.find((p) => !p.status || / 200 /.test(p.status))?.prop;
          if (!prop) continue;
          const isDir =
            typeof prop.resourcetype === "object" && prop.resourcetype !== null && "collection" in prop.resourcetype;
          if (isDir) {
            queue.push(new URL(href.pathname.replace(/\/?$/, "/"), base));
            continue;
          }
          const path = decodeURIComponent(href.pathname.slice(base.pathname.length));
          const modified = prop.getlastmodified ? new Date(prop.getlastmodified) : undefined;
          out.push({ path, size: Number(prop.getcontentlength ?? 0), modified });
          if (out.length > MAX_ENTRIES) throw new Error(`the source holds more than ${MAX_ENTRIES} files`);
        }
      }
      return out;
    },
    async open(entry, start, signal) {
      const range: Record<string, string> = start > 0 ? { range: `bytes=${start}-` } : {};
      const res = await guardedRequest(guard, urlOf(entry.path), { headers: { ...headers, ...range }, signal, auth });
      if (res.statusCode === 206 && start > 0) return { stream: res, start };
      if (res.statusCode === 200) return { stream: res, start: 0 };
      throw statusError(`reading ${entry.path}`, res);
    },
    async close() {},
  };
}

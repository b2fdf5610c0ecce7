import fs from "node:fs";
import path from "node:path";
import { HttpError } from "../../http/errors.js";
import type { SourceEntry } from "../filters.js";
import type { Source } from "./source.js";

/**
 * A folder on the server, only inside one the admin allows (IMPORT_LOCAL_DIRS). The real path is checked, and
 * symbolic links are never followed, so no link can lead outside.
 */
export async function localSource(allowed: string[], url: URL): Promise<Source> {
  const wanted = path.resolve(decodeURIComponent(url.pathname));
  let root: string;
  try {
    root = await fs.promises.realpath(wanted);
  } catch {
    throw new HttpError(400, `the folder ${wanted} does not exist on the server`);
  }
  const inside = (dir: string) => root === dir || root.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
  const roots = await Promise.all(allowed.map((d) => fs.promises.realpath(d).catch(() => d)));
  if (!roots.some(inside))
    throw new HttpError(
      400,
      `source refused: the server's admin does not allow imports from ${wanted} (IMPORT_LOCAL_DIRS)`,
    );
  return {
    async list() {
      const out: SourceEntry[] = [];
      const walk = async (rel: string) => {
        const entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
        for (const e of entries) {
          const child = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) await walk(child);
          else if (e.isFile()) {
            const st = await fs.promises.lstat(path.join(root, child));
            out.push({ path: child, size: st.size, modified: st.mtime });
          }
        }
      };
      await walk("");
      return out;
    },
    async open(entry, start, signal) {
      const file = path.join(root, ...entry.path.split("/"));
      // O_NOFOLLOW: a file swapped for a link since the listing is refused.
      const handle = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
      return { stream: handle.createReadStream({ start, signal }), start };
    },
    async close() {},
  };
}

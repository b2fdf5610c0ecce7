// Seeds a drive the way users make one, through the server's own API (uploads, creates, copies), then churns it
// (renames, moves, deletes) so the database looks like months of use rather than one bulk load.
import crypto from "node:crypto";

export interface Client {
  /** JSON call to /api; throws unless the status is 2xx. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Raw fetch to /api with the session cookie. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export function client(baseURL: string, cookie: string): Client {
  const fetchApi = (p: string, init: RequestInit = {}) =>
    fetch(`${baseURL}/api${p}`, { ...init, headers: { cookie, ...init.headers } });
  return {
    fetch: fetchApi,
    async call<T>(method: string, p: string, body?: unknown) {
      const res = await fetchApi(p, {
        method,
        ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/** Runs `task(i)` for i in [0, count) with `width` at a time. */
export async function pool(count: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export interface Part {
  partId: number;
  channelId: number;
  size: number;
}

/**
 * One part uploaded under a new upload id. Its upload row stays (as with a client that registers files from
 * parts and never calls DELETE /uploads): that keeps the shared parts the seed's files point at.
 */
export async function uploadPart(api: Client, bytes: number): Promise<Part & { uploadId: string }> {
  const uploadId = crypto.randomUUID();
  const res = await api.fetch(`/uploads/${uploadId}?partName=p&fileName=p&partNo=1`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: crypto.randomBytes(bytes),
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return { ...((await res.json()) as Part), uploadId };
}

/** File names as people have them: photos, scans, videos, music, archives, notes. */
const NAMES: ((i: number) => string)[] = [
  (i) =>
    `IMG_${2015 + (i % 10)}${String((i % 12) + 1).padStart(2, "0")}${String((i % 28) + 1).padStart(2, "0")}_${i}.jpg`,
  (i) => `Scan ${i}.pdf`,
  (i) => `Holiday video ${i}.mp4`,
  (i) => `track-${i}.mp3`,
  (i) => `backup_${i}.zip`,
  (i) => `notes ${i}.txt`,
  (i) => `Screenshot ${i}.png`,
];
export const fileName = (i: number) => (NAMES[i % NAMES.length] as (i: number) => string)(i);
const dateOf = (i: number) => new Date(Date.UTC(2016, 0, 1) + ((i * 7919) % 3000) * 86_400_000).toISOString();

export interface Seeded {
  flatId: string;
  treeId: string;
  copySrcId: string;
  /** "channelId/partId" of every part only the tree's files use (they must be gone after deleting the tree). */
  treeParts: string[];
  flatFiles: number;
  treeFiles: number;
  seconds: Record<string, number>;
}

/** The folders of a seeded drive and the parts its files share. */
export interface Layout {
  flatId: string;
  treeId: string;
  copySrcId: string;
  parts: Part[];
}

const idOf = async (api: Client, path: string, name: string) => {
  const found = await api.call<{ items: { id: string }[] }>(
    "GET",
    `/files?operation=find&path=${encodeURIComponent(path)}&name=${encodeURIComponent(name)}`,
  );
  const id = found.items[0]?.id;
  if (!id) throw new Error(`${path}/${name} not found`);
  return id;
};

export type Timed = <T>(label: string, fn: () => Promise<T>) => Promise<T>;

export function timer(seconds: Record<string, number>, log: (s: string) => void): Timed {
  return async (label, fn) => {
    const t0 = performance.now();
    const out = await fn();
    seconds[label] = Math.round((performance.now() - t0) / 1000);
    log(`  ${label}: ${seconds[label]} s`);
    return out;
  };
}

/** The top folders (/flat, /tree, /copy-src, /copies) and 64 shared parts. */
export async function prepareDrive(api: Client, timed: Timed): Promise<Layout> {
  for (const dir of ["/flat", "/tree", "/copy-src", "/copies"]) await api.call("POST", "/files/mkdir", { path: dir });
  const parts = await timed("upload 64 shared parts", async () => {
    const out: Part[] = [];
    for (let i = 0; i < 64; i++) out.push(await uploadPart(api, 1024 * (4 + (i % 60))));
    return out;
  });
  return {
    flatId: await idOf(api, "/", "flat"),
    treeId: await idOf(api, "/", "tree"),
    copySrcId: await idOf(api, "/", "copy-src"),
    parts,
  };
}

const createBody = (parentId: string, i: number, part: Part) => ({
  name: fileName(i),
  type: "file",
  parentId,
  size: part.size,
  parts: [{ id: part.partId }],
  updatedAt: dateOf(i),
});

/** `size` files in /flat through POST /files. */
export async function createFlat(api: Client, layout: Layout, size: number, width: number, log: (s: string) => void) {
  await pool(size, width, async (i) => {
    await api.call("POST", "/files", createBody(layout.flatId, i, layout.parts[i % layout.parts.length] as Part));
    if (i % 10_000 === 0) log(`    ${i}`);
  });
}

/** The rows POST /files would write for /flat's files `from`..`to`, for a bulk insert. */
export function flatRows(layout: Layout, from: number, to: number) {
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    const part = layout.parts[i % layout.parts.length] as Part;
    return { name: fileName(i), part, updatedAt: dateOf(i) };
  });
}

/** The tree's folders: one per 100 of its files (a tenth as many files as /flat). */
export async function treeFolders(api: Client, size: number): Promise<{ ids: string[]; files: number }> {
  const files = Math.max(100, size / 10);
  const ids: string[] = [];
  for (let d = 0; d < Math.max(1, files / 100); d++) {
    await api.call("POST", "/files/mkdir", { path: `/tree/d${d}` });
    ids.push(await idOf(api, "/tree", `d${d}`));
  }
  return { ids, files };
}

/** The tree's files, each with a part of its own, uploaded as our client does (for the delete). */
export async function createTree(
  api: Client,
  tree: { ids: string[]; files: number },
  size: number,
  width: number,
  log: (s: string) => void,
): Promise<string[]> {
  const treeParts: string[] = [];
  await pool(tree.files, width, async (i) => {
    // The file from the upload id, then the upload's clean-up call.
    const part = await uploadPart(api, 2048);
    treeParts.push(`${part.channelId}/${part.partId}`);
    await api.call("POST", "/files", {
      name: fileName(size + i),
      type: "file",
      parentId: tree.ids[i % tree.ids.length],
      uploadId: part.uploadId,
      size: part.size,
      updatedAt: dateOf(i),
    });
    await api.call("DELETE", `/uploads/${part.uploadId}`);
    if (i % 10_000 === 0) log(`    ${i}`);
  });
  return treeParts;
}

/** The tree's i-th file as POST /files writes it (for a bulk insert). */
export const treeFile = (size: number, i: number) => ({ name: fileName(size + i), updatedAt: dateOf(i) });

/** 1,000 files in 10 folders (/copy-src, for the copy), then the churn of /flat and /tree. */
export async function finishDrive(
  api: Client,
  layout: Layout,
  tree: { ids: string[]; files: number },
  size: number,
  width: number,
  timed: Timed,
): Promise<{ flatFiles: number }> {
  const { flatId, parts } = layout;
  const folders = tree.ids.length;
  await timed("create the 1,000-file /copy-src", async () => {
    for (let d = 0; d < 10; d++) await api.call("POST", "/files/mkdir", { path: `/copy-src/c${d}` });
    const sub = await Promise.all(Array.from({ length: 10 }, (_, d) => idOf(api, "/copy-src", `c${d}`)));
    await pool(1000, width, async (i) => {
      await api.call("POST", "/files", createBody(sub[i % 10] as string, i, parts[i % parts.length] as Part));
    });
  });

  await timed("churn: rename 5%, move 2% and back 1%, delete 3% of /flat; nest 10% of /tree's folders", async () => {
    // One pass over /flat in name order (paged through its marks, so each page costs the same); every 20th row is
    // renamed, every 50th moved, every 33rd deleted.
    const ids: string[] = [];
    for (let p = 1; p <= Math.ceil(size / 1000); p++)
      ids.push(
        ...(
          await api.call<{ items: { id: string }[] }>("GET", `/files?parentId=${flatId}&limit=1000&page=${p}&sort=name`)
        ).items.map((f) => f.id),
      );
    const sample = (every: number, from: number) => ids.filter((_, i) => i % every === from);
    const renames = sample(20, 0);
    await pool(renames.length, width, async (i) => {
      await api.call("PATCH", `/files/${renames[i]}`, { name: `renamed ${i} ${fileName(i * 13)}` });
    });
    const moves = sample(50, 1);
    for (let i = 0; i < moves.length; i += 100)
      await api.call("POST", "/files/move", {
        ids: moves.slice(i, i + 100),
        destinationParent: tree.ids[(i / 100) % folders],
      });
    const back = moves.filter((_, i) => i % 2 === 0);
    for (let i = 0; i < back.length; i += 100)
      await api.call("POST", "/files/move", { ids: back.slice(i, i + 100), destinationParent: flatId });
    const deletes = sample(33, 2);
    for (let i = 0; i < deletes.length; i += 200)
      await api.call("POST", "/files/delete", { ids: deletes.slice(i, i + 200) });
    for (let d = 1; d < folders; d += 10)
      await api.call("POST", "/files/move", { ids: [tree.ids[d]], destinationParent: tree.ids[d - 1] });
  });
  const flat = await api.call<{ meta: { count: number } }>("GET", `/files?parentId=${flatId}&limit=1`);
  return { flatFiles: flat.meta.count };
}

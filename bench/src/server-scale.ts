// The server at 1k / 100k / 1M files (issue 10): drives seeded through the API and churned, cached between runs,
// then every figure timed on PGlite and on PostgreSQL. `npm run bench -- server` runs only this.
// SCALE_SIZES=1000,100000 and SCALE_BACKENDS=pglite narrow it; BENCH_CACHE moves the cache (default: the temp dir).

import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { v7 as uuidv7 } from "uuid";
import { startDriveServer } from "../../e2e/lib/server.js";
import { COOKIE_NAME, createSession } from "../../server/src/auth/session.js";
import { ensureUserDefaults } from "../../server/src/auth/user-defaults.js";
import { loadConfig } from "../../server/src/config.js";
import { type Db, openDb } from "../../server/src/db/index.js";
import { nameSortKey } from "../../server/src/db/name-key.js";
import { categoryOf } from "../../server/src/files/lib/category.js";
import { mimeTypeFor } from "../../server/src/files/lib/mime.js";
import { Blobs } from "../../server/src/storage/blobs.js";
import { type Cluster, startCachedCluster } from "./lib/pg-cluster.js";
import {
  client,
  createFlat,
  createTree,
  finishDrive,
  flatRows,
  type Layout,
  pool,
  prepareDrive,
  type Seeded,
  timer,
  treeFile,
  treeFolders,
} from "./server-scale-seed.js";

/** Bump when the seed changes shape: cached drives of another version are made again. */
const SEED_VERSION = 1;
const USER_ID = 777;
/** Larger drives get /flat's rows in bulk (see seeded()). */
const API_SEED_MAX = Number(process.env.SCALE_API_SEED_MAX ?? 100_000);
const CACHE = process.env.BENCH_CACHE ?? path.join(os.tmpdir(), "drive-bench-cache");
const log = (s: string) => console.error(s);

type Backend = "pglite" | "postgres";
interface Snapshot extends Seeded {
  token: string;
  size: number;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

async function timeMs(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function samples(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push(await timeMs(fn));
  return out;
}

const copyDir = (from: string, to: string) => {
  fs.rmSync(to, { recursive: true, force: true });
  const r = spawnSync("cp", ["-a", from, to]);
  if (r.status !== 0) throw new Error(`cp ${from}: ${r.stderr}`);
};

/** Makes (once) and returns the cached seeded drive of `size` files for a backend. */
async function seeded(backend: Backend, size: number, cluster: Cluster | undefined): Promise<Snapshot> {
  const dir = path.join(CACHE, `v${SEED_VERSION}-${backend}-${size}`);
  const marker = path.join(dir, "seeded.json");
  const dbName = `seed_v${SEED_VERSION}_${size}`;
  if (fs.existsSync(marker) && (backend === "pglite" || (await cluster?.databaseExists(dbName))))
    return JSON.parse(fs.readFileSync(marker, "utf8")) as Snapshot;
  log(`seeding ${size} files on ${backend} (once; cached in ${dir}) ...`);
  fs.rmSync(dir, { recursive: true, force: true });
  const dataDir = path.join(dir, "data");
  fs.mkdirSync(dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  if (backend === "postgres") {
    if (!cluster) throw new Error("no PostgreSQL");
    await cluster.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await cluster.query(`CREATE DATABASE ${dbName}`);
    databaseUrl = cluster.url(dbName);
  }
  const db = await openDb({ dataDir, databaseUrl });
  await db.query("INSERT INTO users (user_id, phone, name, user_name) VALUES ($1, '+15550000777', 'Bench', 'bench')", [
    USER_ID,
  ]);
  await ensureUserDefaults(db, USER_ID);
  const { token } = await createSession(db, { userId: USER_ID, appName: "bench" });
  await db.close();
  const seconds: Record<string, number> = {};
  const timed = timer(seconds, log);
  const width = backend === "pglite" ? 4 : 8;
  const cookie = `${COOKIE_NAME}=${token}`;
  let server = await startDriveServer({ dataDir, env: { DATABASE_URL: databaseUrl } });
  try {
    let api = client(server.baseURL, cookie);
    const layout = await prepareDrive(api, timed);
    const tree = await treeFolders(api, size);
    let treeParts: string[];
    if (size <= API_SEED_MAX) {
      await timed(`create ${size} files in /flat (POST /files)`, () => createFlat(api, layout, size, width, log));
      treeParts = await timed(`upload and create ${tree.files} files in ${tree.ids.length} folders of /tree`, () =>
        createTree(api, tree, size, width, log),
      );
    } else {
      // A million POST /files take hours on this 2-core machine: the rows they would write go in in bulk, through
      // the same triggers, while the server is stopped; the churn after is through the API again.
      await server.stop();
      const where = { dataDir, databaseUrl };
      await timed(`insert ${size} files in /flat (bulk: the rows POST /files writes)`, () =>
        bulkFlat(where, layout, size),
      );
      treeParts = await timed(`insert ${tree.files} files with a part each in /tree (bulk)`, () =>
        bulkTree(where, tree, size),
      );
      server = await startDriveServer({ dataDir, env: { DATABASE_URL: databaseUrl } });
      api = client(server.baseURL, cookie);
    }
    const { flatFiles } = await finishDrive(api, layout, tree, size, width, timed);
    const snapshot: Snapshot = {
      flatId: layout.flatId,
      treeId: layout.treeId,
      copySrcId: layout.copySrcId,
      treeParts,
      flatFiles,
      treeFiles: tree.files,
      seconds,
      token,
      size,
    };
    fs.writeFileSync(marker, JSON.stringify(snapshot));
    return snapshot;
  } finally {
    await server.stop();
  }
}

/** Inserts rows as POST /files would write them, in batches of 10,000. */
async function insertFiles(
  db: Db,
  rows: { name: string; parentId: string; size: number; partId: number; channelId: number; updatedAt: string }[],
) {
  for (let from = 0; from < rows.length; from += 10_000) {
    const batch = rows.slice(from, from + 10_000);
    const col = <T>(f: (r: (typeof rows)[number]) => T) => batch.map(f);
    await db.background.query(
      `INSERT INTO files (id, name, name_key, type, mime_type, size, category, user_id, parent_id, parts, channel_id,
         updated_at)
       SELECT v.id, v.name, v.key, 'file', v.mime, v.size, v.category, $1, v.parent,
         jsonb_build_array(jsonb_build_object('id', v.part)), v.channel, v.updated
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::uuid[], $9::bigint[],
                   $10::bigint[], $11::timestamptz[])
         AS v(id, name, key, mime, size, category, parent, part, channel, updated)`,
      [
        USER_ID,
        col(() => uuidv7()),
        col((r) => r.name),
        col((r) => nameSortKey(r.name)),
        col((r) => mimeTypeFor(r.name)),
        col((r) => r.size),
        col((r) => categoryOf(r.name)),
        col((r) => r.parentId),
        col((r) => r.partId),
        col((r) => r.channelId),
        col((r) => r.updatedAt),
      ],
    );
  }
}

async function bulkFlat(where: { dataDir: string; databaseUrl?: string }, layout: Layout, size: number) {
  const db = await openDb(where);
  try {
    for (let from = 0; from < size; from += 100_000) {
      const rows = flatRows(layout, from, Math.min(size, from + 100_000));
      await insertFiles(
        db,
        rows.map((r) => ({
          name: r.name,
          updatedAt: r.updatedAt,
          parentId: layout.flatId,
          size: r.part.size,
          partId: r.part.partId,
          channelId: r.part.channelId,
        })),
      );
      log(`    ${from + rows.length}`);
    }
  } finally {
    await db.close();
  }
}

/** The tree's files, each with a 2 KB part of its own stored through the server's part store and recorded. */
async function bulkTree(
  where: { dataDir: string; databaseUrl?: string },
  tree: { ids: string[]; files: number },
  size: number,
): Promise<string[]> {
  const db = await openDb(where);
  const blobs = new Blobs(loadConfig({ DATA_DIR: where.dataDir }));
  try {
    const [channel] = await db.query<{ channel_id: number }>("SELECT channel_id FROM channels WHERE user_id = $1", [
      USER_ID,
    ]);
    const channelId = channel?.channel_id ?? 0;
    const ids = (
      await db.query<{ id: number }>("SELECT nextval('part_ids') AS id FROM generate_series(1, $1)", [tree.files])
    ).map((r) => r.id);
    await pool(ids.length, 8, async (i) => {
      const body = crypto.randomBytes(2048);
      await blobs.writePart({
        channelId,
        partId: ids[i] as number,
        body: Readable.from([body]),
        length: 2048,
        encrypted: false,
      });
    });
    await db.background.query(
      "INSERT INTO parts (id, channel_id, user_id, size) SELECT unnest($1::bigint[]), $2, $3, 2048",
      [ids, channelId, USER_ID],
    );
    await insertFiles(
      db,
      ids.map((partId, i) => ({
        ...treeFile(size, i),
        parentId: tree.ids[i % tree.ids.length] as string,
        size: 2048,
        partId,
        channelId,
      })),
    );
    return ids.map((id) => `${channelId}/${id}`);
  } finally {
    await db.close();
  }
}

interface Row {
  measure: string;
  values: number[] | string;
}

/** Every figure of issue 10 on a fresh copy of the seeded drive. */
async function measure(backend: Backend, snap: Snapshot, cluster: Cluster | undefined): Promise<Row[]> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-bench-run-"));
  const dataDir = path.join(runDir, "data");
  const seedDir = path.join(CACHE, `v${SEED_VERSION}-${backend}-${snap.size}`, "data");
  let databaseUrl: string | undefined;
  const runDb = `run_${process.pid}`;
  log(`copying the seeded ${snap.size}-file drive ...`);
  copyDir(seedDir, dataDir);
  if (backend === "postgres" && cluster) {
    await cluster.query(`DROP DATABASE IF EXISTS ${runDb}`);
    await cluster.query(`CREATE DATABASE ${runDb} TEMPLATE seed_v${SEED_VERSION}_${snap.size}`);
    databaseUrl = cluster.url(runDb);
  }
  const server = await startDriveServer({ dataDir, env: { DATABASE_URL: databaseUrl } });
  const rows: Row[] = [];
  try {
    const api = client(server.baseURL, `${COOKIE_NAME}=${snap.token}`);
    const get = (q: string) => api.call("GET", `/files?${q}`);
    const runs = 9;
    const limit = 500;
    const lastPage = (n: number) => Math.max(1, Math.ceil(n / limit));
    // Warm up the way a first visitor would: one pass over the first pages.
    for (const sort of ["name", "size", "updatedAt"]) await get(`parentId=${snap.flatId}&sort=${sort}&limit=${limit}`);

    const flatPages = lastPage(snap.flatFiles);
    for (const sort of ["name", "size", "updatedAt"])
      for (const order of ["asc", "desc"])
        for (const [where, page] of [
          ["first", 1],
          ["middle", Math.ceil(flatPages / 2)],
          ["last", flatPages],
        ] as const)
          rows.push({
            measure: `folder of ${snap.flatFiles.toLocaleString("en")}: ${where} page by ${sort} ${order}`,
            values: await samples(runs, () =>
              get(`parentId=${snap.flatId}&sort=${sort}&order=${order}&page=${page}&limit=${limit}`),
            ),
          });

    const drive = await api.call<{ meta: { count: number } }>("GET", "/files?operation=find&path=/&deepSearch=true");
    for (const [where, page] of [
      ["first", 1],
      ["middle", Math.ceil(lastPage(drive.meta.count) / 2)],
      ["last", lastPage(drive.meta.count)],
    ] as const)
      rows.push({
        measure: `deep list from / (${drive.meta.count.toLocaleString("en")} items): ${where} page`,
        values: await samples(runs, () => get(`operation=find&path=/&deepSearch=true&page=${page}&limit=${limit}`)),
      });

    const text = await api.call<{ meta: { count: number } }>("GET", "/files?operation=find&query=holiday");
    for (const [where, page] of [
      ["first", 1],
      ["last", lastPage(text.meta.count)],
    ] as const)
      rows.push({
        measure: `text search "holiday" (${text.meta.count.toLocaleString("en")} matches): ${where} page`,
        values: await samples(runs, () => get(`operation=find&query=holiday&page=${page}&limit=${limit}`)),
      });
    const regex = encodeURIComponent("^IMG_2019\\d{4}_");
    const re = await api.call<{ meta: { count: number } }>(
      "GET",
      `/files?operation=find&searchType=regex&query=${regex}`,
    );
    rows.push({
      measure: `regex search ^IMG_2019\\d{4}_ (${re.meta.count.toLocaleString("en")} matches): first page`,
      values: await samples(runs, () => get(`operation=find&searchType=regex&query=${regex}&limit=${limit}`)),
    });

    const videos = await api.call<{ meta: { count: number } }>("GET", "/files?operation=find&category=video");
    for (const [where, page] of [
      ["first", 1],
      ["last", lastPage(videos.meta.count)],
    ] as const)
      rows.push({
        measure: `category view, videos (${videos.meta.count.toLocaleString("en")}): ${where} page by date desc`,
        values: await samples(runs, () =>
          get(`operation=find&category=video&sort=updatedAt&order=desc&page=${page}&limit=${limit}`),
        ),
      });
    rows.push({
      measure: "GET /files/categories",
      values: await samples(runs, () => api.call("GET", "/files/categories")),
    });

    const finish: number[] = [];
    for (let i = 0; i < 20; i++) {
      const uploadId = crypto.randomUUID();
      const res = await api.fetch(`/uploads/${uploadId}?partName=u&fileName=u&partNo=1`, {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: crypto.randomBytes(4096),
      });
      if (!res.ok) throw new Error(`upload ${res.status}`);
      await api.call("POST", "/files", { name: `upload ${i}.bin`, type: "file", path: "/", uploadId, size: 4096 });
      finish.push(await timeMs(() => api.call("DELETE", `/uploads/${uploadId}`)));
    }
    rows.push({ measure: "upload finish (DELETE /api/uploads/{id})", values: finish });

    rows.push({
      measure: "copy a 1,000-file tree",
      values: await samples(4, () =>
        api.call("POST", `/files/${snap.copySrcId}/copy`, { destination: "/copies", newName: crypto.randomUUID() }),
      ),
    });

    // /api/version while another client pages through the big folder.
    let paging = true;
    const pager = (async () => {
      for (let p = 1; paging; p = (p % flatPages) + 1)
        await get(`parentId=${snap.flatId}&sort=name&page=${p}&limit=${limit}`);
    })();
    const version: number[] = [];
    for (let i = 0; i < 200; i++) version.push(await timeMs(() => api.fetch("/version").then((r) => r.text())));
    paging = false;
    await pager;
    rows.push({ measure: "/api/version while another client pages through the folder", values: version });

    // Deleting the tree (to the trash), then deleting it for good: each answer, then until every part only it used
    // is gone from disk.
    const partPath = (p: string) => path.join(dataDir, "channels", p);
    const deepCount = async (dir: string) =>
      (
        await api.call<{ meta: { count: number } }>(
          "GET",
          `/files?operation=find&path=${encodeURIComponent(dir)}&deepSearch=true&limit=1`,
        )
      ).meta.count;
    const everything = await deepCount("/");
    const left = everything - (await deepCount("/tree")) - 1;
    const t0 = performance.now();
    await api.call("POST", "/files/delete", { ids: [snap.treeId] });
    const answered = performance.now() - t0;
    // A big tree's rows leave the whole-drive views as the settle job reaches them (files/tree-delete.ts).
    while ((await deepCount("/")) !== left) await new Promise((resolve) => setTimeout(resolve, 50));
    const hidden = performance.now() - t0;
    const t1 = performance.now();
    await api.call("POST", "/trash/delete", { ids: [snap.treeId] });
    const forGood = performance.now() - t1;
    let parts = snap.treeParts;
    while (parts.length > 0) {
      parts = parts.filter((p) => fs.existsSync(partPath(p)));
      if (parts.length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const reclaimed = performance.now() - t1;
    const tree = `a ${snap.treeFiles.toLocaleString("en")}-file tree`;
    rows.push({ measure: `delete ${tree} (to the trash): answer`, values: [answered] });
    rows.push({ measure: `delete ${tree} (to the trash): gone from the deep listing of /`, values: [hidden] });
    rows.push({ measure: `delete ${tree} for good (from the trash): answer`, values: [forGood] });
    rows.push({ measure: `delete ${tree} for good: parts reclaimed`, values: [reclaimed] });
    rows.push({
      measure: "seeding through the API (s)",
      values: Object.entries(snap.seconds)
        .map(([k, v]) => `${k} ${v}`)
        .join("; "),
    });
  } finally {
    await server.stop();
    if (backend === "postgres") await cluster?.query(`DROP DATABASE IF EXISTS ${runDb}`);
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  return rows;
}

export interface ScaleResult {
  size: number;
  measure: string;
  pglite?: string;
  postgres?: string;
}

const cell = (values: number[] | string) =>
  typeof values === "string"
    ? values
    : values.length === 1
      ? `${fmt(values[0] as number)} ms`
      : `${fmt(pct(values, 50))} / ${fmt(pct(values, 95))}${values.length >= 100 ? ` (p99 ${fmt(pct(values, 99))})` : ""} ms`;

export async function runServerScaleBench(): Promise<ScaleResult[]> {
  const sizes = (process.env.SCALE_SIZES ?? "1000,100000,1000000").split(",").map(Number).filter(Boolean);
  const backends = (process.env.SCALE_BACKENDS ?? "pglite,postgres").split(",") as Backend[];
  const results = new Map<string, ScaleResult>();
  const cluster = backends.includes("postgres") ? await startCachedCluster(path.join(CACHE, "pg")) : undefined;
  try {
    for (const backend of backends) {
      if (backend === "postgres" && !cluster) continue;
      for (const size of sizes) {
        const snap = await seeded(backend, size, cluster);
        log(`measuring ${size} files on ${backend} ...`);
        for (const row of await measure(backend, snap, cluster)) {
          const key = `${size}|${row.measure}`;
          const result = results.get(key) ?? { size, measure: row.measure };
          result[backend] = cell(row.values);
          results.set(key, result);
        }
      }
    }
  } finally {
    cluster?.stop();
  }
  return [...results.values()];
}

/** The results as a table: one row per figure and drive size, PGlite and PostgreSQL side by side (p50 / p95). */
export function scaleTable(results: ScaleResult[]): string {
  return [
    "| files | measure | PGlite p50 / p95 | PostgreSQL p50 / p95 |",
    "|---|---|---|---|",
    ...results.map(
      (r) => `| ${r.size.toLocaleString("en")} | ${r.measure} | ${r.pglite ?? "n/a"} | ${r.postgres ?? "n/a"} |`,
    ),
  ].join("\n");
}

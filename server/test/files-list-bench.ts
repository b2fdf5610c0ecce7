/**
 * Benchmark (not a test): times `GET /api/files` pages on a folder of N seeded files.
 * usage (from server/): npx tsx test/files-list-bench.ts 1000 100000 [--pg postgres://…/postgres]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/app.js";
import { COOKIE_NAME, createSession } from "../src/auth/session.js";
import { ensureUserDefaults } from "../src/auth/user-defaults.js";
import { loadConfig } from "../src/config.js";
import { openDb } from "../src/db/index.js";

const args = process.argv.slice(2);
const pgAt = args.indexOf("--pg");
const adminUrl = pgAt >= 0 ? args[pgAt + 1] : undefined;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && (pgAt < 0 || i !== pgAt + 1)).map(Number);

async function freshDatabase(n: number): Promise<string | undefined> {
  if (!adminUrl) return undefined;
  const pg = (await import("pg")).default;
  const name = `files_bench_${n}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function timeIt(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] ?? 0;
}

for (const n of sizes) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "files-bench-"));
  const config = { ...loadConfig({ DATA_DIR: dataDir }), databaseUrl: await freshDatabase(n), webDist: undefined };
  const db = await openDb(config);
  await db.query("INSERT INTO users (user_id, phone, name, user_name) VALUES (1, '+1', 'Bench', 'bench')");
  await ensureUserDefaults(db, 1);
  const [root] = await db.query<{ id: string }>("SELECT id FROM files WHERE user_id = 1 AND parent_id IS NULL");
  const folder = "01900000-0000-7000-8000-000000000001";
  await db.query(
    "INSERT INTO files (id, name, type, mime_type, user_id, parent_id) VALUES ($1, 'big', 'folder', 'drive/folder', 1, $2)",
    [folder, root?.id],
  );
  const t0 = performance.now();
  // Sizes and dates repeat (1000 distinct values) so the id tiebreak matters.
  await db.query(
    `INSERT INTO files (id, name, type, mime_type, size, category, user_id, parent_id, parts, channel_id, updated_at)
     SELECT gen_random_uuid(), 'file-' || lpad(i::text, 8, '0') || '.txt', 'file', 'text/plain', (i * 7919) % 1000,
            'document', 1, $1, '[{"id":1}]'::jsonb, 1, now() - ((i * 31) % 1000) * interval '1 minute'
     FROM generate_series(1::bigint, $2::bigint) AS i`,
    [folder, n],
  );
  // Seeded behind the files module's back, so its folder counts are set here.
  await db.query("UPDATE files SET child_count = $2 WHERE id = $1", [folder, n]);
  await db.query("UPDATE files SET child_count = 1 WHERE id = $1", [root?.id]);
  await db.query("VACUUM ANALYZE files");
  const seedMs = performance.now() - t0;
  const { token } = await createSession(db, { userId: 1 });
  const app = await buildApp({ config, db });
  await app.ready();
  const cookie = `${COOKIE_NAME}=${token}`;
  const limit = 500;
  const lastPage = Math.max(1, Math.ceil(n / limit));
  const get = (query: string) => async () => {
    const res = await app.inject({ url: `/api/files?${query}`, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  const rows: [string, number][] = [];
  for (const sort of ["name", "updatedAt", "size"]) {
    rows.push([`${sort} page 1`, await timeIt(get(`parentId=${folder}&sort=${sort}&page=1&limit=${limit}`))]);
    rows.push([
      `${sort} page ${Math.ceil(lastPage / 2)}`,
      await timeIt(get(`parentId=${folder}&sort=${sort}&page=${Math.ceil(lastPage / 2)}&limit=${limit}`)),
    ]);
    rows.push([`${sort} desc page 1`, await timeIt(get(`parentId=${folder}&sort=${sort}&order=desc&limit=${limit}`))]);
  }
  rows.push([`by path page 1`, await timeIt(get(`path=/big&limit=${limit}`))]);
  rows.push([`find text "file 0000123"`, await timeIt(get(`operation=find&query=file%200000123&limit=${limit}`), 3)]);
  rows.push([`find category=document`, await timeIt(get(`operation=find&category=document&limit=${limit}`), 3)]);
  console.log(`\n${db.kind} N=${n} (seeded in ${Math.round(seedMs)} ms), median of 5, ms per page of ${limit}:`);
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(28)} ${ms.toFixed(1)}`);
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

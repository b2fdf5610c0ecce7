// Teldrive main's API ("API-B", issue 22): cursor pages of a big folder and the client's first load on it.
// `npx tsx src/api-b.ts` from bench/. CURSOR_ROWS (default 100,000) sets the folder's files, CURSOR_BACKENDS
// (default pglite,postgres) the databases; BENCH_CACHE holds the PostgreSQL cluster as for the server bench.
//
// The folder's rows go in in bulk, exactly as POST /files writes them (through the same triggers), while the server
// is stopped; the server then runs with COMPAT=teldrive-main, so every list answer is a cursor page. A walk reads the
// whole folder by cursor, 500 rows a page, timing each page; the first, middle and last page's cursors are then asked
// again (9 samples each), and the first page in the opposite order (the client's tail walk: the last rows at once).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { signInRequest, uniquePhone } from "../../e2e/lib/auth.js";
import { DriveApi } from "../../e2e/lib/drive-api.js";
import { type DriveServer, startDriveServer } from "../../e2e/lib/server.js";
import { COOKIE_NAME, createSession } from "../../server/src/auth/session.js";
import { ensureUserDefaults } from "../../server/src/auth/user-defaults.js";
import { openDb } from "../../server/src/db/index.js";
import { nameSortKey } from "../../server/src/db/name-key.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./lib/environment.js";
import { startCachedCluster } from "./lib/pg-cluster.js";
import { measurePage, type PageWeight } from "./page-weight.js";

const ROWS = Number(process.env.CURSOR_ROWS ?? 100_000);
const BACKENDS = (process.env.CURSOR_BACKENDS ?? "pglite,postgres").split(",");
const CACHE = process.env.BENCH_CACHE ?? path.join(os.tmpdir(), "drive-bench-cache");
const LIMIT = 500;
const USER_ID = 778;
const log = (s: string) => console.error(s);

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const cell = (values: number[]) => `${pct(values, 50).toFixed(1)} / ${pct(values, 95).toFixed(1)} ms`;

/** A user, a session and the folder /flat of `rows` files, written with the server stopped. */
async function seed(where: { dataDir: string; databaseUrl?: string }, rows: number) {
  const db = await openDb(where);
  try {
    await db.query(
      "INSERT INTO users (user_id, phone, name, user_name) VALUES ($1, '+15550000778', 'Bench', 'benchb')",
      [USER_ID],
    );
    await ensureUserDefaults(db, USER_ID);
    const { token } = await createSession(db, { userId: USER_ID, appName: "bench" });
    const [root] = await db.query<{ id: string }>("SELECT id FROM files WHERE user_id = $1 AND parent_id IS NULL", [
      USER_ID,
    ]);
    const flatId = uuidv7();
    await db.query(
      "INSERT INTO files (id, name, type, mime_type, size, user_id, parent_id) VALUES ($1, 'flat', 'folder', 'drive/folder', 0, $2, $3)",
      [flatId, USER_ID, root?.id],
    );
    const t0 = performance.now();
    for (let from = 0; from < rows; from += 10_000) {
      const n = Math.min(10_000, rows - from);
      const names = Array.from(
        { length: n },
        (_, i) => `file ${crypto.randomBytes(4).toString("hex")} ${from + i}.txt`,
      );
      await db.background.query(
        `INSERT INTO files (id, name, name_key, type, mime_type, size, category, user_id, parent_id, updated_at)
         SELECT v.id, v.name, v.key, 'file', 'text/plain', v.size, 'document', $1, $2, v.updated
         FROM unnest($3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::timestamptz[]) AS v(id, name, key, size, updated)`,
        [
          USER_ID,
          flatId,
          names.map(() => uuidv7()),
          names,
          names.map(nameSortKey),
          names.map((_, i) => ((from + i) * 7919) % 100_000),
          names.map((_, i) => new Date(Date.UTC(2024, 0, 1) + (from + i) * 61_000).toISOString()),
        ],
      );
      if ((from / 10_000) % 10 === 9) log(`    ${from + n}`);
    }
    return { token, flatId, seedSeconds: Math.round((performance.now() - t0) / 1000) };
  } finally {
    await db.close();
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

interface Page {
  items: unknown[];
  meta: { nextCursor?: string };
}

async function cursorFigures(backend: string): Promise<string[][]> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-bench-cursor-"));
  const cluster = backend === "postgres" ? await startCachedCluster(path.join(CACHE, "pg")) : undefined;
  if (backend === "postgres" && !cluster) return [[backend, "cursor pages", "not available (no PostgreSQL)"]];
  const dbName = `cursor_${process.pid}`;
  let server: DriveServer | undefined;
  try {
    let databaseUrl: string | undefined;
    if (cluster) {
      await cluster.query(`DROP DATABASE IF EXISTS ${dbName}`);
      await cluster.query(`CREATE DATABASE ${dbName}`);
      databaseUrl = cluster.url(dbName);
    }
    const dataDir = path.join(runDir, "data");
    fs.mkdirSync(dataDir, { recursive: true });
    log(`seeding ${ROWS} files on ${backend} ...`);
    const { token, flatId, seedSeconds } = await seed({ dataDir, databaseUrl }, ROWS);
    server = await startDriveServer({ dataDir, env: { DATABASE_URL: databaseUrl, COMPAT: "teldrive-main" } });
    const base = server.baseURL;
    const get = async (query: string) => {
      const res = await fetch(`${base}/api/files?${query}`, { headers: { cookie: `${COOKIE_NAME}=${token}` } });
      if (!res.ok) throw new Error(`GET /files?${query}: ${res.status}`);
      return (await res.json()) as Page;
    };
    const q = (order: string, cursor = "") =>
      `parentId=${flatId}&sort=name&order=${order}&limit=${LIMIT}&cursor=${encodeURIComponent(cursor)}`;
    log(`walking ${ROWS} files by cursor on ${backend} ...`);
    const walk: number[] = [];
    const cursors: string[] = [""];
    let seen = 0;
    for (let cursor = ""; ; ) {
      const { ms, value } = await timed(() => get(q("asc", cursor)));
      walk.push(ms);
      seen += value.items.length;
      if (!value.meta.nextCursor) break;
      cursor = value.meta.nextCursor;
      cursors.push(cursor);
    }
    if (seen !== ROWS) throw new Error(`the walk saw ${seen} rows of ${ROWS}`);
    const again = async (cursor: string) => {
      const values: number[] = [];
      for (let i = 0; i < 9; i++) values.push((await timed(() => get(q("asc", cursor)))).ms);
      return values;
    };
    const pages = cursors.length;
    const middle = cursors[Math.floor(pages / 2)] ?? "";
    const last = cursors[pages - 1] ?? "";
    const tail: number[] = [];
    for (let i = 0; i < 9; i++) tail.push((await timed(() => get(q("desc")))).ms);
    const label = `folder of ${ROWS.toLocaleString("en")}`;
    return [
      [backend, `${label}: seed (bulk, s)`, String(seedSeconds)],
      [
        backend,
        `${label}: whole walk by name, ${pages} pages of ${LIMIT}`,
        `${(walk.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s; per page ${cell(walk)}`,
      ],
      [backend, `${label}: first page (cursor)`, cell(await again(""))],
      [backend, `${label}: middle page ${Math.floor(pages / 2) + 1} (cursor)`, cell(await again(middle))],
      [backend, `${label}: last page ${pages} (cursor)`, cell(await again(last))],
      [backend, `${label}: first page of the reversed order (the tail walk's start)`, cell(tail)],
    ];
  } finally {
    await server?.stop();
    if (cluster) {
      await cluster.query(`DROP DATABASE IF EXISTS ${dbName}`);
      cluster.stop();
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

/** Signs in through the login page (auth attempts on API-B, the websocket on API-A). */
async function signInThroughPage(context: BrowserContext, server: DriveServer): Promise<void> {
  const page = await context.newPage();
  const phone = uniquePhone();
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Phone number" }).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByRole("textbox", { name: "Code" }).fill(await server.codeFor(phone));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/my-drive/);
  await page.close();
}

/**
 * JS and CSS on the wire of /my-drive (signed in), /login and /share/{id}, each in a fresh context (an empty cache),
 * against a server answering as Teldrive main (the client walks API-B) and the same server without COMPAT (API-A).
 */
async function firstLoad(): Promise<string[][]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  try {
    for (const [generation, env] of [
      ["API-B", { COMPAT: "teldrive-main" }],
      ["API-A", {}],
    ] as const) {
      const server = await startDriveServer({ env });
      try {
        const setup = await browser.newContext({ baseURL: server.baseURL });
        if (generation === "API-B") await signInThroughPage(setup, server);
        else await signInRequest(server, setup.request, uniquePhone());
        const api = new DriveApi(setup.request);
        const folder = await api.createFolder("Shared", "/");
        for (let i = 0; i < 10; i++) await api.createFolder(`doc ${i}`, "/Shared");
        const share =
          generation === "API-B"
            ? String(
                (await setup.request.post(`/api/files/${String(folder.id)}/shares`, { data: {} })).headers().location,
              )
                .split("/")
                .pop()
            : await api.share(String(folder.id));
        const cookies = await setup.cookies();
        await setup.close();
        const measure = async (url: string, label: string, signedIn: boolean): Promise<PageWeight> => {
          const context = await browser.newContext({ baseURL: server.baseURL });
          if (signedIn) await context.addCookies(cookies);
          try {
            return await measurePage(context, url, label);
          } finally {
            await context.close();
          }
        };
        for (const p of [
          await measure("/my-drive?path=/", "/my-drive", true),
          await measure("/login", "/login", false),
          await measure(`/share/${share}`, "/share/{id}", false),
        ])
          rows.push([
            generation,
            `${p.path} first load`,
            `JS ${(p.jsWire / 1024).toFixed(1)} KB in ${p.jsFiles} files, CSS ${(p.cssWire / 1024).toFixed(1)} KB`,
          ]);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const rows: string[][] = [];
if (process.env.API_B_PARTS !== "cursor") rows.push(...(await firstLoad()));
if (process.env.API_B_PARTS !== "load")
  for (const backend of BACKENDS) {
    const figures = await cursorFigures(backend);
    // Each backend's figures as soon as they are known, so a long run cut short keeps them.
    for (const r of figures) log(`| ${r.join(" | ")} |`);
    rows.push(...figures);
  }
console.log(["| where | measure | figure |", "|---|---|---|", ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n"));

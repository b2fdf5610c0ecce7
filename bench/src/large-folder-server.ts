// Server time per list page in folders of 1,000, 100,000 and 1,000,000 files, on PGlite and on PostgreSQL
// (when Debian's PostgreSQL is installed). Sizes can be narrowed with BENCH_FOLDER_SIZES=1000,100000.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, request as playwrightRequest } from "playwright-core";
import { signInRequest, uniquePhone } from "../../e2e/lib/auth.js";
import { DriveApi } from "../../e2e/lib/drive-api.js";
import { startDriveServer } from "../../e2e/lib/server.js";
import { startTestPostgres } from "../../scripts/test-postgres.mjs";
import { cloneRows, createEmptyFile } from "./large-folder-seed.js";

const PAGE_SIZE = 500;

function folderSizes(): number[] {
  const raw = process.env.BENCH_FOLDER_SIZES ?? "1000,100000,1000000";
  return raw
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Median wall time of `GET /api/files` for one page, sorted by name. */
export async function timeListPage(request: APIRequestContext, folder: string, page: number, runs = 5) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await request.get("/api/files", {
      params: { path: folder, page, limit: PAGE_SIZE, sort: "name", order: "asc" },
    });
    if (!res.ok()) throw new Error(`list ${folder} page ${page}: ${res.status()}`);
    await res.body();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

async function timeBackend(label: string, databaseUrl: string | undefined): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-bench-list-"));
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const phone = uniquePhone();
  const result: Record<string, string> = {};
  try {
    const templates = new Map<number, string>();
    const first = await startDriveServer({ dataDir, env });
    try {
      const request = await playwrightRequest.newContext({ baseURL: first.baseURL });
      await signInRequest(first, request, phone);
      for (const size of folderSizes()) {
        await new DriveApi(request).mkdir(`/f${size}`);
        templates.set(size, await createEmptyFile(request, "file-0000001.txt", `/f${size}`));
      }
      await request.dispose();
    } finally {
      await first.stop();
    }
    for (const [size, template] of templates) {
      const t0 = performance.now();
      await cloneRows({ dataDir, databaseUrl }, template, size);
      result[`${label}: seed ${size.toLocaleString("en")} rows`] = `${Math.round(performance.now() - t0)} ms`;
    }
    const server = await startDriveServer({ dataDir, env });
    try {
      const request = await playwrightRequest.newContext({ baseURL: server.baseURL });
      await signInRequest(server, request, phone);
      for (const size of folderSizes()) {
        const n = size.toLocaleString("en");
        const last = Math.ceil(size / PAGE_SIZE);
        result[`${label}: list page 1 of ${n}`] = `${(await timeListPage(request, `/f${size}`, 1)).toFixed(1)} ms`;
        result[`${label}: list last page of ${n}`] =
          `${(await timeListPage(request, `/f${size}`, last)).toFixed(1)} ms`;
      }
      await request.dispose();
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** Median server time of a 500-item page, first and last, per backend and folder size. */
export async function runLargeFolderServerBench(): Promise<Record<string, string>> {
  const result = await timeBackend("PGlite", undefined);
  const pg = startTestPostgres();
  if (!pg) return { ...result, PostgreSQL: "not available (no /usr/lib/postgresql)" };
  try {
    return { ...result, ...(await timeBackend("PostgreSQL", pg.url)) };
  } finally {
    pg.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [key, value] of Object.entries(await runLargeFolderServerBench())) console.log(`${key}: ${value}`);
}

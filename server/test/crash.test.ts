import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COOKIE_NAME, createSession } from "../src/auth/session.js";
import { ensureUserDefaults } from "../src/auth/user-defaults.js";
import { loadConfig } from "../src/config.js";
import { openDb } from "../src/db/index.js";
import { onFreePort } from "./child-server.js";
import { createTestDatabase } from "./helpers.js";
import { createTestBucket, storedParts } from "./storage-helpers.js";
import { sha256 } from "./upload-fixtures.js";

/**
 * The real server as a child process, killed with SIGKILL in the middle of a part body. PGlite is a
 * single-process database, so the user and session are written while the server is stopped.
 */

const serverDir = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-crash-"));
const KEY = "crash test key";
const MiB = 1024 * 1024;
let databaseUrl: string | undefined;
let dropDb: (() => Promise<void>) | undefined;
let bucket: Awaited<ReturnType<typeof createTestBucket>>;
let child: ChildProcess | undefined;
let port = 0;
let cookie = "";

async function startChild(): Promise<ChildProcess> {
  return onFreePort((free) => {
    port = free;
    return startChildOn(free);
  });
}

async function startChildOn(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ENCRYPTION_KEY: KEY,
      WEB_DIST: path.join(dataDir, "no-web"),
      DATABASE_URL: databaseUrl ?? "",
      // Parts in the test bucket, or on disk: never in a store of the developer's own settings.
      STORAGE: "disk",
      ...bucket?.env,
      // Deleted trees settle 3 rows per transaction, so a kill during a delete falls between steps of the job.
      DELETE_BATCH_ROWS: "3",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    proc.stdout?.on("data", (d: Buffer) => {
      output += d.toString();
      if (output.includes("listening")) resolve();
    });
    proc.stderr?.on("data", (d: Buffer) => {
      output += d.toString();
    });
    proc.on("exit", (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return proc;
}

function killChild(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once("exit", () => resolve());
    proc.kill(signal);
  });
}

/** What the store holds; on disk also any temp file, which must not outlive a restart either. */
async function channelEntries(): Promise<{ name: string; size: number }[]> {
  const parts = await storedParts(loadConfig({ DATA_DIR: dataDir, ...bucket?.env }));
  const root = path.join(dataDir, "channels");
  const temps = fs.existsSync(root)
    ? fs.readdirSync(root).flatMap((c) => fs.readdirSync(path.join(root, c)).filter((f) => f.includes(".tmp-")))
    : [];
  return [...parts, ...temps.map((name) => ({ name, size: -1 }))];
}

const api = (p: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${port}/api${p}`, { ...init, headers: { cookie, ...init.headers } });

async function uploadPart(uploadId: string, partNo: number, body: Buffer) {
  const res = await api(
    `/uploads/${uploadId}?partName=big.part.${partNo}&fileName=big.bin&partNo=${partNo}&encrypted=true`,
    {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body,
    },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { partId: number; channelId: number; size: number; salt: string };
}

beforeAll(async () => {
  const testDb = await createTestDatabase("drive_crash");
  bucket = await createTestBucket();
  databaseUrl = testDb?.url;
  dropDb = testDb?.drop;
  const db = await openDb({ dataDir, databaseUrl });
  await db.query("INSERT INTO users (user_id, phone, name, user_name) VALUES (4242, '+15550004242', 'Crash', 'crash')");
  await ensureUserDefaults(db, 4242);
  const { token } = await createSession(db, { userId: 4242, appName: "crash test" });
  cookie = `${COOKIE_NAME}=${token}`;
  await db.close();
});

afterAll(async () => {
  if (child) await killChild(child, "SIGTERM");
  await dropDb?.();
  await bucket?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a server killed in the middle of a part upload", () => {
  it("keeps no half part, and the upload resumes and round-trips after a restart", async () => {
    child = await startChild();
    const partSize = 300_000;
    const data = crypto.randomBytes(2 * partSize + 12_345);
    const part1 = data.subarray(0, partSize);

    // Part 2 arrives whole before the crash; a first try of part 1 is cut off.
    const stored2 = await uploadPart("crash", 2, data.subarray(partSize, 2 * partSize));
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/uploads/crash?partName=big.part.1&fileName=big.bin&partNo=1&encrypted=true",
      headers: { cookie, "content-type": "application/octet-stream", "content-length": String(16 * MiB) },
    });
    req.on("error", () => {});
    // Handing 8 MiB to the socket completes only once the server has read most of it: the kernel
    // buffers about 4 MiB for a reader that does not read. So the server is mid-body, streaming into
    // the store (a temp file on disk, an open PutObject in S3), when it is killed.
    await new Promise<void>((resolve, reject) =>
      req.write(crypto.randomBytes(8 * MiB), (err) => (err ? reject(err) : resolve())),
    );
    await killChild(child, "SIGKILL");
    req.destroy();

    child = await startChild();
    const listed = (await (await api("/uploads/crash")).json()) as { partNo: number; partId: number }[];
    expect(listed.map((p) => p.partNo)).toEqual([2]);
    // Only whole parts remain on disk: part 2, at exactly the size the server reported.
    expect(await channelEntries()).toEqual([{ name: `${stored2.channelId}/${stored2.partId}`, size: stored2.size }]);

    const stored1 = await uploadPart("crash", 1, part1);
    const stored3 = await uploadPart("crash", 3, data.subarray(2 * partSize));
    const created = await api("/files", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "big.bin",
        type: "file",
        path: "/",
        size: data.length,
        encrypted: true,
        mimeType: "application/octet-stream",
        channelId: stored1.channelId,
        parts: [stored1, stored2, stored3].map((p) => ({ id: p.partId, salt: p.salt })),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const file = (await created.json()) as { id: string };
    const content = await api(`/files/${file.id}/big.bin`);
    expect(content.status).toBe(200);
    expect(sha256(Buffer.from(await content.arrayBuffer()))).toBe(sha256(data));
    const range = await api(`/files/${file.id}/big.bin`, {
      headers: { range: `bytes=${partSize - 10}-${partSize + 10}` },
    });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(data.subarray(partSize - 10, partSize + 11))).toBe(true);
  });
});

/**
 * One request on a connection of its own. This test runs long; under load an idle keep-alive connection can be
 * closed by the server just as the next request is sent on it.
 */
function send(method: string, p: string, body?: Buffer | string, type = "application/json") {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: `/api${p}`,
        agent: false,
        headers: { cookie, ...(body === undefined ? {} : { "content-type": type }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("a server killed while it deletes a tree and reclaims its parts", () => {
  it("finishes after a restart: every row and part of a deleted file goes, every part of a live file stays", async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) child = await startChild();
    const json = async (method: string, p: string, body?: unknown) => {
      const res = await send(method, p, body === undefined ? undefined : JSON.stringify(body));
      expect(res.status, res.body.toString()).toBeLessThan(300);
      return JSON.parse(res.body.toString() || "null") as { items: { id: string; name: string }[] };
    };
    /** A file of `count` parts of 64 bytes in `dir`; returns its parts' names in the store. */
    const storeFile = async (dir: string, name: string, count: number) => {
      const uploadId = crypto.randomUUID();
      const parts: string[] = [];
      for (let no = 1; no <= count; no++) {
        const res = await send(
          "POST",
          `/uploads/${uploadId}?partName=${name}.${no}&fileName=${name}&partNo=${no}`,
          crypto.randomBytes(64),
          "application/octet-stream",
        );
        expect(res.status).toBe(200);
        const part = JSON.parse(res.body.toString()) as { partId: number; channelId: number };
        parts.push(`${part.channelId}/${part.partId}`);
      }
      await json("POST", "/files", { name, type: "file", path: dir, uploadId, size: 64 * count });
      return parts;
    };
    await json("POST", "/files/mkdir", { path: "/doomed" });
    const doomed = (
      await Promise.all(Array.from({ length: 12 }, (_, i) => storeFile("/doomed", `d${i}.bin`, 100)))
    ).flat();
    // Rows enough for the settle job to take a while (3 per step).
    await json("POST", "/files/mkdir", { path: "/doomed/many" });
    for (let i = 0; i < 200; i++) await json("POST", "/files", { name: `e${i}`, type: "file", path: "/doomed/many" });
    const live = await storeFile("/", "live.bin", 20);
    const onDisk = async () => new Set((await channelEntries()).map((e) => e.name));
    const before = await onDisk();
    expect(doomed.every((p) => before.has(p))).toBe(true);
    /** How many of the deleted tree's rows the drive still shows. */
    const doomedRows = async () => {
      const drive = await json("GET", "/files?operation=find&path=/&deepSearch=true&limit=500");
      return drive.items.filter((f) => /^(d\d+\.bin|e\d+|many)$/.test(f.name)).length;
    };

    const folder = await json("GET", "/files?operation=find&path=/&name=doomed");
    await json("POST", "/files/delete", { ids: [folder.items[0]?.id] });
    // Kill while the settle job trashes the tree (or, on a fast machine, just after).
    await vi.waitFor(async () => expect(await doomedRows()).toBeLessThan(213), { timeout: 60_000, interval: 5 });
    await killChild(child, "SIGKILL");
    child = await startChild();
    await vi.waitFor(async () => expect(await doomedRows()).toBe(0), { timeout: 120_000, interval: 100 });
    const trash = await json("GET", "/trash");
    expect(trash.items.map((i) => i.name)).toEqual(["doomed"]);

    await json("POST", "/trash/empty");
    // Kill as soon as the reclaim has begun (or, on a fast machine, has just ended: the checks hold either way).
    await vi.waitFor(
      async () => {
        const now = await onDisk();
        expect(doomed.some((p) => !now.has(p))).toBe(true);
      },
      { timeout: 60_000, interval: 5 },
    );
    await killChild(child, "SIGKILL");

    child = await startChild();
    // The queue picks the job up again (PGlite at once; PostgreSQL once the dead server's lease has run out).
    await vi.waitFor(
      async () => {
        const now = await onDisk();
        expect(doomed.filter((p) => now.has(p))).toEqual([]);
      },
      {
        timeout: 120_000,
        interval: 100,
      },
    );
    const after = await onDisk();
    expect(live.every((p) => after.has(p))).toBe(true);
    const drive = await json("GET", "/files?operation=find&path=/&deepSearch=true&limit=100");
    const names = drive.items.map((f) => f.name);
    expect(names).toContain("live.bin");
    expect(names.filter((n) => /^(doomed|d\d+\.bin)$/.test(n))).toEqual([]);
    const file = await json("GET", "/files?operation=find&path=/&name=live.bin");
    const read = await send("GET", `/files/${file.items[0]?.id}/live.bin`);
    expect(read.status).toBe(200);
    expect(read.body.length).toBe(64 * 20);
  }, 300_000);
});

describe("a server killed while it copies and restores big trees", () => {
  it("finishes both after a restart: the copy and the restored tree are whole", async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) child = await startChild();
    const json = async (method: string, p: string, body?: unknown) => {
      const res = await send(method, p, body === undefined ? undefined : JSON.stringify(body));
      expect(res.status, res.body.toString()).toBeLessThan(300);
      return JSON.parse(res.body.toString() || "null") as { id: string; items: { id: string; name: string }[] };
    };
    await json("POST", "/files/mkdir", { path: "/orig/inner" });
    for (let i = 0; i < 150; i++)
      await json("POST", "/files", { name: `c${i}`, type: "file", path: i % 3 ? "/orig" : "/orig/inner" });
    /** Names below `path` (relative to it), from a deep listing. */
    const below = async (path: string) => {
      const found = await json("GET", `/files?operation=find&path=${path}&deepSearch=true&limit=500`);
      return found.items.map((f) => f.name).sort();
    };
    const whole = await below("/orig");
    expect(whole.length).toBe(151);
    const orig = (await json("GET", "/files?operation=find&path=/&name=orig")).items[0]?.id;

    // A copy of 152 rows at 3 per step: kill while its job runs (or, on a fast machine, just after).
    const copy = await json("POST", `/files/${orig}/copy`, { destination: "/", newName: "dup" });
    expect(copy.id).toBeTruthy();
    await vi.waitFor(async () => expect((await below("/dup")).length).toBeGreaterThan(3), {
      timeout: 60_000,
      interval: 5,
    });
    await killChild(child, "SIGKILL");
    child = await startChild();
    await vi.waitFor(async () => expect(await below("/dup")).toEqual(whole), { timeout: 120_000, interval: 100 });

    // The same for a restore of the tree from the trash.
    await json("POST", "/files/delete", { ids: [orig] });
    await vi.waitFor(async () => expect((await json("GET", "/trash")).items.map((i) => i.name)).toContain("orig"), {
      timeout: 60_000,
      interval: 50,
    });
    // Once the settle job is done, of these trees the drive holds only /dup and its 151 rows.
    const ours = async () => (await below("/")).filter((n) => /^(c\d+|inner|orig|dup)$/.test(n)).length;
    await vi.waitFor(async () => expect(await ours()).toBe(152), { timeout: 120_000, interval: 50 });
    await json("POST", "/trash/restore", { ids: [orig] });
    await vi.waitFor(async () => expect((await below("/orig")).length).toBeGreaterThan(3), {
      timeout: 60_000,
      interval: 5,
    });
    await killChild(child, "SIGKILL");
    child = await startChild();
    await vi.waitFor(async () => expect(await below("/orig")).toEqual(whole), { timeout: 120_000, interval: 100 });
    // Both copies are whole, and the copy did not take anything of the restored tree twice.
    expect(await below("/dup")).toEqual(whole);
  }, 300_000);
});

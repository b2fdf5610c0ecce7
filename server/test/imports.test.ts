import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type FileJson, type TestUser } from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { type FileServer, makeTree, serveFiles } from "./import-sources.js";

interface JobJson {
  id: number;
  state: string;
  attempt: number;
  output: {
    progress: { total: number; done: number; percent: number };
    data: {
      args: { source: string; headers?: Record<string, string> };
      bytesDone: number;
      skipped: number;
      pruned: number;
    };
  };
  errors: { message: string }[];
}

let server: TestServer;
let user: TestUser;
let files: FileServer;
let srcDir: string;
let tree: Map<string, Buffer>;
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "drive-import-local-"));

beforeAll(async () => {
  srcDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-import-src-"));
  tree = makeTree(srcDir, {
    "big.bin": 5 * 1024 * 1024 + 123,
    "docs/a.txt": 1000,
    "docs/skip.log": 10,
    "docs/deep/b.txt": 2000,
    "empty.txt": 0,
  });
  makeTree(localRoot, { "allowed/x.txt": 300, "allowed/sub/y.txt": 400 });
  files = await serveFiles(srcDir);
  server = await startServer({
    IMPORT_ALLOW_PRIVATE: "true",
    IMPORT_LOCAL_DIRS: path.join(localRoot, "allowed"),
    ENCRYPTION_KEY: "imports test key",
  });
  user = await createUser(server);
});
afterAll(async () => {
  await server?.close();
  await files?.close();
});

async function waitForState(id: number, states: string[], as: TestUser = user, on = server): Promise<JobJson> {
  for (;;) {
    const res = await call<JobJson>(on, as, "GET", `/jobs/${id}`);
    expect(res.status).toBe(200);
    if (states.includes(res.body.state)) return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function download(id: string, as: TestUser = user): Promise<Buffer> {
  const res = await server.app.inject({
    method: "GET",
    url: `/api/files/${id}/content`,
    headers: { cookie: as.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function folderItems(dir: string): Promise<FileJson[]> {
  const res = await call<{ items: FileJson[] }>(
    server,
    user,
    "GET",
    `/files?path=${encodeURIComponent(dir)}&limit=500`,
  );
  expect(res.status).toBe(200);
  return res.body.items;
}

async function start(args: Record<string, unknown>, as: TestUser = user) {
  return call<JobJson>(server, as, "POST", "/jobs", { kind: "sync.run", args });
}

describe("upload from a link", () => {
  it("imports one URL into a folder, in parts, every byte the same, and says it is done", async () => {
    const res = await start({
      source: `${files.url}/big.bin`,
      destinationDir: "/From link",
      options: { partSize: 1024 * 1024 },
    });
    expect(res.status).toBe(202);
    const done = await waitForState(res.body.id, ["completed", "discarded"]);
    expect(done.state).toBe("completed");
    expect(done.output.progress).toMatchObject({ total: 1, done: 1, percent: 100 });
    const [item] = await folderItems("/From link");
    expect(item?.name).toBe("big.bin");
    expect(item?.size).toBe(5 * 1024 * 1024 + 123);
    expect((await download(item?.id ?? "")).equals(tree.get("big.bin") as Buffer)).toBe(true);
    const [row] = await server.db.query<{ n: number }>(
      "SELECT jsonb_array_length(parts)::int AS n FROM files WHERE id = $1",
      [item?.id],
    );
    expect(row?.n).toBe(6);
    // Its progress went out as live events too (docs/api.md, "Live events"), ending with the finished state.
    const events = await call<{ type: string; source: { id: string; progress?: { state?: string } } }[]>(
      server,
      user,
      "GET",
      "/events",
    );
    const progress = events.body.filter((e) => e.type === "jobs.progress" && e.source.id === String(res.body.id));
    expect(progress.map((e) => e.source.progress?.state)).toContain("completed");
  });

  it("stores an encrypted import that reads back the same", async () => {
    const res = await start({
      source: `${files.url}/docs/a.txt`,
      destinationDir: "/Sealed",
      options: { encrypted: true },
    });
    expect((await waitForState(res.body.id, ["completed", "discarded"])).state).toBe("completed");
    const [item] = await folderItems("/Sealed");
    expect(item?.encrypted).toBe(true);
    expect((await download(item?.id ?? "")).equals(tree.get("docs/a.txt") as Buffer)).toBe(true);
  });

  it("follows the account's 'Encrypt files' when the import does not say, and its own choice when it does", async () => {
    const chose = await call(server, user, "PATCH", "/users/settings", { encryptFiles: true });
    expect(chose.status).toBe(200);
    try {
      for (const [dest, options] of [
        ["/Chosen", undefined],
        ["/Overruled", { encrypted: false }],
      ] as const) {
        const res = await start({
          source: `${files.url}/docs/a.txt`,
          destinationDir: dest,
          ...(options && { options }),
        });
        expect((await waitForState(res.body.id, ["completed", "discarded"])).state).toBe("completed");
        const [item] = await folderItems(dest);
        expect(item?.encrypted, dest).toBe(options === undefined);
        expect((await download(item?.id ?? "")).equals(tree.get("docs/a.txt") as Buffer)).toBe(true);
      }
    } finally {
      await call(server, user, "PATCH", "/users/settings", { encryptFiles: null });
    }
  });

  it("ends a job whose URL is missing as discarded, with the reason in plain words", async () => {
    const res = await start({ source: `${files.url}/nope.bin`, destinationDir: "/Missing" });
    const done = await waitForState(res.body.id, ["discarded", "retryable"]);
    expect(done.state).toBe("discarded");
    expect(done.errors[0]?.message).toMatch(/not found on the source \(404\)/);
  });
});

describe("local folders", () => {
  it("imports a folder the admin allows, keeping its subfolders", async () => {
    const res = await start({ source: `local://${path.join(localRoot, "allowed")}`, destinationDir: "/Local" });
    expect(res.status).toBe(202);
    expect((await waitForState(res.body.id, ["completed", "discarded"])).state).toBe("completed");
    expect((await folderItems("/Local")).map((i) => i.name).sort()).toEqual(["sub", "x.txt"]);
    expect((await folderItems("/Local/sub")).map((i) => i.name)).toEqual(["y.txt"]);
  });

  it("refuses any other folder, and a path that climbs out of an allowed one", async () => {
    for (const source of [`local://${srcDir}`, `local://${path.join(localRoot, "allowed")}/../`, "local:///etc"]) {
      const res = await start({ source, destinationDir: "/Nope" });
      expect(res.status, source).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/does not allow|does not exist/);
    }
  });
});

describe("filters, sync, skip", () => {
  it("takes only what the filters let through, and a second run skips what is there", async () => {
    const src = fs.mkdtempSync(path.join(localRoot, "allowed", "filtered-"));
    makeTree(src, {
      "keep.txt": 100,
      "drop.log": 100,
      "huge.txt": 5000,
      "sub/keep2.txt": 200,
      "private/.nobackup": 0,
      "private/secret.txt": 50,
    });
    const args = {
      source: `local://${src}`,
      destinationDir: "/Filtered",
      filters: { include: ["*.txt"], exclude: ["drop*"], maxSize: 1000, excludeIfPresent: [".nobackup"] },
    };
    const first = await start(args);
    expect((await waitForState(first.body.id, ["completed", "discarded"])).state).toBe("completed");
    expect((await folderItems("/Filtered")).map((i) => i.name).sort()).toEqual(["keep.txt", "sub"]);
    const second = await start(args);
    const done = await waitForState(second.body.id, ["completed", "discarded"]);
    expect(done.output.data.skipped).toBe(2);
  });

  it("sync: true moves destination files the source no longer has to the trash, and leaves filtered-out ones", async () => {
    const src = fs.mkdtempSync(path.join(localRoot, "allowed", "sync-"));
    makeTree(src, { "one.txt": 10, "two.txt": 20 });
    const args = {
      source: `local://${src}`,
      destinationDir: "/Synced",
      options: { sync: true },
      filters: { exclude: ["*.keep"] },
    };
    expect((await waitForState((await start(args)).body.id, ["completed", "discarded"])).state).toBe("completed");
    // A file only the destination has, outside the filters' scope: stays.
    const parts = await call(server, user, "POST", "/files", {
      name: "mine.keep",
      type: "file",
      path: "/Synced",
      size: 0,
    });
    expect(parts.status).toBe(201);
    fs.rmSync(path.join(src, "two.txt"));
    const done = await waitForState((await start(args)).body.id, ["completed", "discarded"]);
    expect(done.output.data.pruned).toBe(1);
    expect((await folderItems("/Synced")).map((i) => i.name).sort()).toEqual(["mine.keep", "one.txt"]);
    const trash = await call<{ items: FileJson[] }>(server, user, "GET", "/trash");
    expect(trash.body.items.map((i) => i.name)).toContain("two.txt");
  });
});

describe("credentials and addresses", () => {
  it("never returns a source's password, key or header values, in any answer", async () => {
    const secret = `pw-${crypto.randomBytes(8).toString("hex")}`;
    const keyText = `KEY-${crypto.randomBytes(8).toString("hex")}`;
    const run = await start({
      source: `${files.url.replace("http://", `http://someone:${secret}@`)}/docs/a.txt`,
      destinationDir: "/Secret",
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(run.status).toBe(202);
    const sched = await call<{ id: string }>(server, user, "POST", "/periodic-jobs", {
      name: "nightly",
      cronExpression: "0 3 * * *",
      args: { source: `sftp://bob:${secret}@127.0.0.1:1/x?privateKey=${keyText}`, destinationDir: "/S" },
    });
    expect(sched.status).toBe(201);
    await waitForState(run.body.id, ["completed", "discarded"]);
    const answers = [
      run.body,
      sched.body,
      (await call(server, user, "GET", `/jobs/${run.body.id}`)).body,
      (await call(server, user, "GET", "/jobs")).body,
      (await call(server, user, "GET", "/periodic-jobs")).body,
      (await call(server, user, "GET", `/periodic-jobs/${sched.body.id}`)).body,
    ];
    for (const a of answers) {
      expect(JSON.stringify(a)).not.toContain(secret);
      expect(JSON.stringify(a)).not.toContain(keyText);
    }
    expect((answers[2] as JobJson).output.data.args.source).toContain("someone@");
    // Nor are they kept in clear in the database.
    const rows = await server.db.query<{ t: string }>(
      "SELECT row_to_json(r)::text AS t FROM (SELECT * FROM import_runs UNION ALL SELECT NULL, user_id, id, 'x', 0, 0, false, args_public, args_sealed, '{}', '[]', 0, created_at, created_at, NULL, NULL FROM import_schedules) r",
    );
    for (const r of rows) expect(r.t).not.toContain(secret);
  });

  it("refuses sources on loopback, private, link-local and ULA addresses unless the admin allows them", async () => {
    const strict = await startServer({});
    const before = files.requests.length;
    try {
      const who = await createUser(strict);
      for (const source of [
        `${files.url}/big.bin`,
        "http://localhost:9/x",
        "http://10.1.2.3/x",
        "http://192.168.0.1/x",
        "http://172.16.0.1/x",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]:9/x",
        "http://[fd00::1]/x",
        "http://[fe80::1]/x",
        "http://[::ffff:127.0.0.1]/x",
        "http://2130706433/x",
        "davs://127.0.0.1:9/dav",
        "sftp://u:p@127.0.0.1:22/x",
      ]) {
        const res = await call<{ message: string }>(strict, who, "POST", "/jobs", {
          kind: "sync.run",
          args: { source, destinationDir: "/x" },
        });
        expect(res.status, source).toBe(400);
        expect(res.body.message, source).toMatch(/source refused/);
        const test = await call<{ message: string }>(strict, who, "POST", "/periodic-jobs/test-connection", {
          source,
          destinationDir: "/x",
        });
        expect(test.status, source).toBe(400);
      }
      // Not one request reached the source.
      expect(files.requests.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe("jobs API", () => {
  it("cancels a running import, retries it, and another user sees none of it", async () => {
    const slow = await serveFiles(srcDir, { throttle: 64 * 1024 });
    try {
      const res = await start({
        source: `${slow.url}/big.bin`,
        destinationDir: "/Slow",
        options: { partSize: 1024 * 1024 },
      });
      // Once a part is stored (1 MiB and a bit read), cancel.
      for (;;) {
        const now = await waitForState(res.body.id, ["running"]);
        if (now.output.data.bytesDone > 1.2 * 1024 * 1024) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const other = await createUser(server);
      expect((await call(server, other, "GET", `/jobs/${res.body.id}`)).status).toBe(404);
      expect((await call(server, other, "POST", `/jobs/${res.body.id}/cancel`)).status).toBe(404);
      expect((await call<{ items: unknown[] }>(server, other, "GET", "/jobs")).body.items).toEqual([]);
      expect((await call(server, user, "POST", `/jobs/${res.body.id}/cancel`)).status).toBe(204);
      expect((await waitForState(res.body.id, ["cancelled", "completed"])).state).toBe("cancelled");
      expect(await folderItems("/Slow")).toEqual([]);
      const stored = files.requests.length;
      const again = await call<JobJson>(server, user, "POST", `/jobs/${res.body.id}/retry`);
      expect(again.status).toBe(202);
      expect(again.body.id).toBe(res.body.id);
      expect((await waitForState(res.body.id, ["completed", "discarded"])).state).toBe("completed");
      const [item] = await folderItems("/Slow");
      expect((await download(item?.id ?? "")).equals(tree.get("big.bin") as Buffer)).toBe(true);
      // The retry went on after the parts stored before the cancel.
      expect(slow.requests.some((r) => /^bytes=[1-9]\d*-$/.test(r.range ?? ""))).toBe(true);
      expect(files.requests.length).toBe(stored);
    } finally {
      await slow.close();
    }
  });

  it("lists runs newest first with counts and a cursor, and deletes finished ones only", async () => {
    const page = await call<{ items: JobJson[]; meta: { nextCursor?: string }; counts: Record<string, number> }>(
      server,
      user,
      "GET",
      "/jobs?limit=2",
    );
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    expect((page.body.items[0]?.id ?? 0) > (page.body.items[1]?.id ?? 0)).toBe(true);
    expect(page.body.counts.all).toBeGreaterThan(2);
    const next = await call<{ items: JobJson[] }>(
      server,
      user,
      "GET",
      `/jobs?limit=2&cursor=${page.body.meta.nextCursor}`,
    );
    expect(next.body.items[0]?.id).toBeLessThan(page.body.items[1]?.id ?? 0);
    const completed = await call<{ items: JobJson[] }>(server, user, "GET", "/jobs?state=completed");
    const first = completed.body.items[0];
    expect(first?.state).toBe("completed");
    expect((await call(server, user, "DELETE", `/jobs/${first?.id}/delete`)).status).toBe(204);
    expect((await call(server, user, "GET", `/jobs/${first?.id}`)).status).toBe(404);
    expect(
      (await call(server, user, "POST", "/jobs", { kind: "other.kind", args: { source: "x", destinationDir: "/" } }))
        .status,
    ).toBe(400);
  });

  it("keeps schedules: create, read, change, disable, run now, delete; a bad cron is refused", async () => {
    const bad = await call(server, user, "POST", "/periodic-jobs", {
      name: "bad",
      cronExpression: "every day",
      args: { source: `${files.url}/docs/a.txt`, destinationDir: "/Sched" },
    });
    expect(bad.status).toBe(400);
    const made = await call<{ id: string; enabled: boolean; cronExpression: string }>(
      server,
      user,
      "POST",
      "/periodic-jobs",
      {
        name: "daily",
        cronExpression: "0 4 * * *",
        args: { source: `${files.url}/docs/a.txt`, destinationDir: "/Sched" },
      },
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ enabled: true, cronExpression: "0 4 * * *", kind: "sync.run" });
    const changed = await call(server, user, "PATCH", `/periodic-jobs/${made.body.id}`, {
      cronExpression: "30 4 * * 1",
    });
    expect(changed.body).toMatchObject({ cronExpression: "30 4 * * 1" });
    expect((await call(server, user, "POST", `/periodic-jobs/${made.body.id}/disable`)).status).toBe(204);
    expect((await call(server, user, "GET", `/periodic-jobs/${made.body.id}`)).body).toMatchObject({ enabled: false });
    const now = await call<JobJson>(server, user, "POST", `/periodic-jobs/${made.body.id}/run`);
    expect(now.status).toBe(202);
    expect((await waitForState(now.body.id, ["completed", "discarded"])).state).toBe("completed");
    expect((await folderItems("/Sched")).map((i) => i.name)).toEqual(["a.txt"]);
    expect((await call(server, user, "DELETE", `/periodic-jobs/${made.body.id}`)).status).toBe(204);
    expect((await call(server, user, "GET", `/periodic-jobs/${made.body.id}`)).status).toBe(404);
  });

  it("test-connection answers 204 for a reachable source and 400 in plain words for one that is not", async () => {
    expect(
      (
        await call(server, user, "POST", "/periodic-jobs/test-connection", {
          source: `${files.url}/docs/a.txt`,
          destinationDir: "/",
        })
      ).status,
    ).toBe(204);
    const missing = await call<{ message: string }>(server, user, "POST", "/periodic-jobs/test-connection", {
      source: `${files.url}/nope`,
      destinationDir: "/",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/not found/);
    const closed = await call<{ message: string }>(server, user, "POST", "/periodic-jobs/test-connection", {
      source: "http://127.0.0.1:9/x",
      destinationDir: "/",
    });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toMatch(/refused the connection/);
  });
});

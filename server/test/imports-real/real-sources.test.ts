import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_NAME, createSession } from "../../src/auth/session.js";
import { ensureUserDefaults } from "../../src/auth/user-defaults.js";
import { openDb } from "../../src/db/index.js";
import { type ChildServer, seededDataDir, startChildServer } from "../child-server.js";
import { call, type FileJson, type TestUser } from "../files-api.js";
import { createTestDatabase, createUser, startServer, type TestServer } from "../helpers.js";
import { type DavServer, makeTree, type Sshd, serveFiles, startRcloneDav, startSshd } from "../import-sources.js";

interface JobJson {
  id: number;
  state: string;
  output: { data: { bytesDone: number } };
  errors: { message: string }[];
}

const MiB = 1024 * 1024;

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("SFTP and WebDAV sources", () => {
  let server: TestServer;
  let user: TestUser;
  let sshd: Sshd;
  let dav: DavServer;
  let dir: string;
  let tree: Map<string, Buffer>;

  beforeAll(async () => {
    // Readable by the throw-away SFTP account.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-import-real-"));
    fs.chmodSync(dir, 0o755);
    tree = makeTree(dir, { "photo.jpg": 3 * MiB + 5, "notes/a.txt": 1234, "notes/old/b.md": 77, empty: 0 });
    for (const f of ["notes", "notes/old"]) fs.chmodSync(path.join(dir, f), 0o755);
    for (const f of tree.keys()) fs.chmodSync(path.join(dir, f), 0o644);
    [server, sshd, dav] = await Promise.all([
      startServer({ IMPORT_ALLOW_PRIVATE: "true" }),
      startSshd(),
      startRcloneDav(dir),
    ]);
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
    sshd?.stop();
    dav?.stop();
  });

  async function importAndCompare(source: string, dest: string) {
    expect(
      (await call(server, user, "POST", "/periodic-jobs/test-connection", { source, destinationDir: dest })).status,
    ).toBe(204);
    const res = await call<JobJson>(server, user, "POST", "/jobs", {
      kind: "sync.run",
      args: { source, destinationDir: dest, options: { partSize: MiB } },
    });
    expect(res.status).toBe(202);
    const done = await waitFor(
      async () => (await call<JobJson>(server, user, "GET", `/jobs/${res.body.id}`)).body,
      (j) => ["completed", "discarded"].includes(j.state),
    );
    expect(done.errors).toEqual([]);
    expect(done.state).toBe("completed");
    for (const [rel, bytes] of tree) {
      const parts = rel.split("/");
      const name = parts.pop() as string;
      const list = await call<{ items: FileJson[] }>(
        server,
        user,
        "GET",
        `/files?path=${encodeURIComponent([dest, ...parts].join("/"))}&limit=100`,
      );
      const item = list.body.items.find((i) => i.name === name);
      expect(item, rel).toBeDefined();
      const got = await server.app.inject({
        method: "GET",
        url: `/api/files/${item?.id}/content`,
        headers: { cookie: user.cookie },
      });
      expect(got.rawPayload.equals(bytes), rel).toBe(true);
    }
  }

  it("imports a folder over SFTP with a password, every byte the same", async () => {
    await importAndCompare(
      `sftp://${sshd.user}:${encodeURIComponent(sshd.password)}@127.0.0.1:${sshd.port}${dir}`,
      "/SFTP pw",
    );
  });

  it("imports over SFTP with a private key", async () => {
    const key = encodeURIComponent(sshd.privateKey);
    await importAndCompare(`sftp://${sshd.user}@127.0.0.1:${sshd.port}${dir}?privateKey=${key}`, "/SFTP key");
  });

  it("says in plain words when the SFTP password is wrong", async () => {
    const res = await call<{ message: string }>(server, user, "POST", "/periodic-jobs/test-connection", {
      source: `sftp://${sshd.user}:wrong@127.0.0.1:${sshd.port}${dir}`,
      destinationDir: "/x",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/refused the user name, password or key/);
  });

  it("imports a folder from rclone's WebDAV server", async () => {
    await importAndCompare(`dav://${dav.user}:${dav.password}@${dav.url}/`, "/DAV");
  });

  it("says in plain words when the WebDAV password is wrong", async () => {
    const res = await call<{ message: string }>(server, user, "POST", "/periodic-jobs/test-connection", {
      source: `dav://${dav.user}:nope@${dav.url}/`,
      destinationDir: "/x",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/refused the user name or password/);
  });
});

describe("SFTP host keys", () => {
  let server: TestServer;
  let sshd: Sshd;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-import-hostkey-"));
    fs.chmodSync(dir, 0o755);
    for (const [rel] of makeTree(dir, { "a.txt": 100 })) fs.chmodSync(path.join(dir, rel), 0o644);
    [server, sshd] = await Promise.all([startServer({ IMPORT_ALLOW_PRIVATE: "true" }), startSshd()]);
  });
  afterAll(async () => {
    await server?.close();
    sshd?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const source = (hostKey?: string) =>
    `sftp://${sshd.user}:${encodeURIComponent(sshd.password)}@127.0.0.1:${sshd.port}${dir}` +
    (hostKey === undefined ? "" : `?hostKey=${encodeURIComponent(hostKey)}`);
  const test = (who: TestUser, hostKey?: string) =>
    call<{ message: string }>(server, who, "POST", "/periodic-jobs/test-connection", {
      source: source(hostKey),
      destinationDir: "/x",
    });
  const trusted = async (who: TestUser) =>
    (
      await server.db.query<{ fingerprint: string }>("SELECT fingerprint FROM sftp_host_keys WHERE user_id = $1", [
        who.userId,
      ])
    ).map((r) => r.fingerprint);
  async function runJob(who: TestUser, dest: string): Promise<JobJson> {
    const res = await call<JobJson>(server, who, "POST", "/jobs", {
      kind: "sync.run",
      args: { source: source(), destinationDir: dest },
    });
    expect(res.status).toBe(202);
    return waitFor(
      async () => (await call<JobJson>(server, who, "GET", `/jobs/${res.body.id}`)).body,
      (j) => ["completed", "discarded"].includes(j.state),
    );
  }

  it("trusts the key seen first, fails a job with 'host key changed' when it changes, and takes a key given in the source", async () => {
    const user = await createUser(server);
    expect(await trusted(user)).toEqual([]);
    expect((await test(user)).status).toBe(204);
    // The fingerprint kept is the one ssh-keygen -lf prints for the server's key.
    expect(await trusted(user)).toEqual([sshd.hostKey]);
    expect((await runJob(user, "/First")).state).toBe("completed");

    const old = sshd.hostKey;
    await sshd.replaceHostKey();
    expect(sshd.hostKey).not.toBe(old);
    const failed = await runJob(user, "/Second");
    expect(failed.state).toBe("discarded");
    expect(failed.errors.at(-1)?.message).toMatch(/^host key changed: /);
    expect(failed.errors.at(-1)?.message).toContain(`presents ${sshd.hostKey}, not ${old}`);
    expect(failed.errors).toHaveLength(1);
    const tested = await test(user);
    expect(tested.status).toBe(400);
    expect(tested.body.message).toMatch(/^host key changed: /);
    // Another user has trusted nothing yet: their first use takes the new key.
    const other = await createUser(server);
    expect((await test(other)).status).toBe(204);
    expect(await trusted(other)).toEqual([sshd.hostKey]);

    // A key given in the source must be the one presented; the right one replaces the trusted key.
    const wrong = await test(user, old);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(`not ${old} given in the source`);
    expect((await test(user, "SHA256:short")).body.message).toMatch(/hostKey must be a SHA256 fingerprint/);
    expect((await test(user, sshd.hostKey)).status).toBe(204);
    expect(await trusted(user)).toEqual([sshd.hostKey]);
    expect((await runJob(user, "/Third")).state).toBe("completed");
  });
});

describe("a server killed in the middle of an import", () => {
  let child: ChildServer | undefined;
  afterAll(async () => {
    await child?.stop();
  });

  it("goes on from the parts it stored: one file, every byte the same, the start not read again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-import-crash-"));
    const tree = makeTree(dir, { "big.bin": 12 * MiB + 777 });
    // Fast for the first 4 MiB, then slow enough to be killed mid-file.
    const source = await serveFiles(dir, { throttle: 128 * 1024, fastBytes: 4 * MiB });
    const { dataDir, sessions } = await seededDataDir();
    const cookie = sessions[0]?.cookie ?? "";
    const env = { DATA_DIR: dataDir, IMPORT_ALLOW_PRIVATE: "true", WEB_DIST: path.join(dataDir, "no-web") };
    const api = async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> => {
      const res = await fetch(`${child?.url}/api${url}`, {
        method,
        headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as T };
    };
    try {
      child = await startChildServer(env);
      const started = await api<JobJson>("POST", "/jobs", {
        kind: "sync.run",
        args: { source: `${source.url}/big.bin`, destinationDir: "/Crash", options: { partSize: MiB } },
      });
      expect(started.status).toBe(202);
      const id = started.body.id;
      // At least three whole parts stored, and more on the way.
      await waitFor(
        async () => (await api<JobJson>("GET", `/jobs/${id}`)).body,
        (j) => j.output.data.bytesDone >= 4.5 * MiB,
      );
      await child.kill("SIGKILL");
      const beforeRestart = source.requests.length;
      child = await startChildServer(env);
      const done = await waitFor(
        async () => (await api<JobJson>("GET", `/jobs/${id}`)).body,
        (j) => ["completed", "discarded"].includes(j.state),
      );
      expect(done.state).toBe("completed");
      const list = await api<{ items: FileJson[] }>("GET", "/files?path=%2FCrash");
      expect(list.body.items.map((i) => i.name)).toEqual(["big.bin"]);
      const bytes = Buffer.from(
        await (
          await fetch(`${child.url}/api/files/${list.body.items[0]?.id}/content`, { headers: { cookie } })
        ).arrayBuffer(),
      );
      expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(
        crypto
          .createHash("sha256")
          .update(tree.get("big.bin") as Buffer)
          .digest("hex"),
      );
      // After the restart the file was asked for from a whole part's boundary past the start, not from byte 0.
      const resumed = source.requests.slice(beforeRestart).filter((r) => r.range && r.range !== "bytes=0-0");
      expect(resumed.length).toBe(1);
      const from = Number(/^bytes=(\d+)-$/.exec(resumed[0]?.range ?? "")?.[1]);
      expect(from % MiB).toBe(0);
      expect(from).toBeGreaterThanOrEqual(3 * MiB);
      await child.stop();
      child = undefined;
      // No upload rows, and no part the file does not use, are left behind.
      const db = await openDb({ dataDir });
      try {
        expect(await db.query("SELECT 1 FROM uploads")).toEqual([]);
        const [row] = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM parts p WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.parts @> jsonb_build_array(jsonb_build_object('id', p.id)))",
        );
        // Parts of the killed run that were not whole wait for the reclaim job (they are released, not referenced).
        const [released] = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM jobs WHERE kind = 'reclaim-parts'",
        );
        expect((row?.n ?? 0) === 0 || (released?.n ?? 0) > 0).toBe(true);
      } finally {
        await db.close();
      }
    } finally {
      await source.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a schedule on two instances sharing PostgreSQL", () => {
  const servers: ChildServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  it("fires each tick once, whichever instance looks", async () => {
    const testDb = await createTestDatabase("drive_imports");
    if (!testDb) throw new Error("TEST_DATABASE_URL is set but no database was made");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-import-sched-"));
    makeTree(dir, { "tick.txt": 100 });
    const source = await serveFiles(dir);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-import-sched-data-"));
    const db = await openDb({ dataDir, databaseUrl: testDb.url });
    let cookie = "";
    try {
      await db.query("INSERT INTO users (user_id, phone, name, user_name) VALUES (42, '+15550190002', 'U', 'u')");
      await ensureUserDefaults(db, 42);
      cookie = `${COOKIE_NAME}=${(await createSession(db, { userId: 42 })).token}`;
    } finally {
      await db.close();
    }
    const env = {
      DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      IMPORT_ALLOW_PRIVATE: "true",
      IMPORT_SECRET: "shared by both instances",
      WEB_DIST: path.join(dataDir, "no-web"),
    };
    try {
      servers.push(await startChildServer(env), await startChildServer(env));
      const [a, b] = servers as [ChildServer, ChildServer];
      const made = await fetch(`${a.url}/api/periodic-jobs`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({
          name: "every second",
          cronExpression: "* * * * * *",
          args: { source: `${source.url}/tick.txt`, destinationDir: "/Ticks" },
        }),
      });
      expect(made.status).toBe(201);
      const runs = async () => {
        const res = await fetch(`${b.url}/api/jobs?limit=200`, { headers: { cookie } });
        return (
          (await res.json()) as {
            items: (JobJson & { scheduledAt: string; output: { data: { periodicJobId?: string } } })[];
          }
        ).items;
      };
      const fired = await waitFor(runs, (items) => items.filter((j) => j.state === "completed").length >= 3);
      const { id } = (await made.json()) as { id: string };
      expect(
        (await fetch(`${a.url}/api/periodic-jobs/${id}/disable`, { method: "POST", headers: { cookie } })).status,
      ).toBe(204);
      const ticks = fired.map((j) => j.scheduledAt);
      expect(new Set(ticks).size).toBe(ticks.length);
      for (const j of fired) expect(j.output.data.periodicJobId).toBe(id);
      // Both instances were looking: each holds the schedule check in turn, never both at once.
      const check = await openDb({ dataDir, databaseUrl: testDb.url });
      try {
        const rows = await check.query<{ n: number; ticks: number }>(
          "SELECT count(*)::int AS n, count(DISTINCT scheduled_at)::int AS ticks FROM import_runs WHERE schedule_id = $1",
          [id],
        );
        expect(rows[0]?.n).toBe(rows[0]?.ticks);
      } finally {
        await check.close();
      }
    } finally {
      await source.close();
      for (const s of servers.splice(0)) await s.stop();
      await testDb.drop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRetryable, isTimeout } from "../src/db/errors.js";
import { limitSearch } from "../src/files/search-limits.js";
import { JobQueue } from "../src/jobs/queue.js";
import { call, list, mkdir, type TestUser } from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";

/**
 * No call can stall another (issue 10): the database work runs off the HTTP thread, and a statement running past
 * the time limit is stopped (PostgreSQL: statement_timeout; PGlite: its worker thread is ended and the database
 * opened again, the only way to interrupt it). Runs on PGlite and on PostgreSQL.
 */

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startServer({ DB_STATEMENT_TIMEOUT_MS: "3000" });
  user = await createUser(server);
  await mkdir(server, user, "/small");
  await call(server, user, "POST", "/files", { name: "a.txt", type: "file", path: "/small", size: 0 });
  // Starting a fresh database on a busy machine can take a while.
});
afterAll(() => server.close());

/** A statement that would run for hours. */
const HOURS = "SELECT count(*) FROM generate_series(1, 1000000000000)";

describe("a slow statement", () => {
  it("never holds up /api/version, and a small folder's listing is not stuck behind it", async () => {
    const events: string[] = [];
    const slow = server.db.query(HOURS).then(
      () => events.push("slow finished"),
      (err: unknown) => {
        events.push(isTimeout(err) ? "slow stopped by the time limit" : `slow failed: ${err}`);
      },
    );
    const version = server.app.inject({ url: "/api/version" }).then((res) => {
      events.push(`version ${res.statusCode}`);
    });
    const listing = list(server, user, { path: "/small" }).then((res) => {
      events.push(`listing ${res.status} ${res.body.items.map((f) => f.name).join(",")}`);
    });
    await Promise.all([slow, version, listing]);
    expect(events[0]).toBe("version 200");
    if (server.db.kind === "postgres") {
      // Its own connection: the listing does not wait at all.
      expect(events.slice(1)).toEqual(["listing 200 a.txt", "slow stopped by the time limit"]);
    } else {
      // PGlite's one connection cannot run the listing meanwhile; the limit ends the slow statement, then it runs.
      expect(events.slice(1)).toEqual(["slow stopped by the time limit", "listing 200 a.txt"]);
    }
  });

  it("is stopped without losing what was committed, and the database works on", async () => {
    await call(server, user, "POST", "/files", { name: "before.txt", type: "file", path: "/small", size: 0 });
    await expect(server.db.query(HOURS)).rejects.toMatchObject({ code: "57014" });
    const made = await call(server, user, "POST", "/files", {
      name: "after.txt",
      type: "file",
      path: "/small",
      size: 0,
    });
    expect(made.status).toBe(201);
    const names = (await list(server, user, { path: "/small" })).body.items.map((f) => f.name);
    expect(names).toEqual(["a.txt", "after.txt", "before.txt"]);
  });
});

describe("transactions that deadlock", () => {
  it("run again instead of failing, so two crossed writers both succeed", async () => {
    await server.db.query("CREATE TABLE IF NOT EXISTS crossed (id int PRIMARY KEY, v int NOT NULL DEFAULT 0)");
    await server.db.query("INSERT INTO crossed (id) VALUES (1), (2) ON CONFLICT DO NOTHING");
    // On PostgreSQL each holds one row and waits for the other's: a deadlock, which the database layer retries.
    // On PGlite the two take turns on the one connection and never meet.
    let holding = 0;
    let bothHold: () => void = () => {};
    const met = new Promise<void>((resolve) => {
      bothHold = resolve;
    });
    const writer = (first: number, second: number) =>
      server.db.tx(async (q) => {
        await q.query("UPDATE crossed SET v = v + 1 WHERE id = $1", [first]);
        if (server.db.kind === "postgres") {
          holding++;
          if (holding === 2) bothHold();
          await Promise.race([met, new Promise((resolve) => setTimeout(resolve, 2000))]);
        }
        await q.query("UPDATE crossed SET v = v + 1 WHERE id = $1", [second]);
      });
    await Promise.all([writer(1, 2), writer(2, 1)]);
    const rows = await server.db.query<{ v: number }>("SELECT v FROM crossed ORDER BY id");
    expect(rows.map((r) => r.v)).toEqual([2, 2]);
    expect(isRetryable({ code: "40P01" })).toBe(true);
  });
});

describe("the job queue", () => {
  it("runs each job exactly once with several instances claiming, and keeps a failing one for later", async () => {
    const runs = new Map<number, number>();
    const handlers = {
      count: async (payload: unknown) => {
        const n = (payload as { n: number }).n;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        return undefined;
      },
      broken: async () => {
        throw new Error("this job always fails");
      },
    };
    for (let n = 0; n < 40; n++)
      await server.db.query("INSERT INTO jobs (kind, payload) VALUES ('count', $1)", [JSON.stringify({ n })]);
    await server.db.query("INSERT INTO jobs (kind, payload) VALUES ('broken', '{}')");
    const queues = [new JobQueue(server.db, handlers), new JobQueue(server.db, handlers)];
    for (const q of queues) await q.start();
    await Promise.all(queues.map((q) => q.whenIdle()));
    for (const q of queues) await q.stop();
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect([...runs.values()].every((v) => v === 1)).toBe(true);
    const [broken] = await server.db.query<{ attempts: number; last_error: string; later: boolean }>(
      "SELECT attempts, last_error, run_at > now() AS later FROM jobs WHERE kind = 'broken'",
    );
    expect(broken).toMatchObject({ attempts: 1, last_error: "this job always fails", later: true });
    await server.db.query("DELETE FROM jobs WHERE kind IN ('count', 'broken')");
  });
});

describe("search limits", () => {
  it("let one user run two searches at a time, queue eight more, and refuse the rest with 429", async () => {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const search = () =>
      limitSearch(424242, async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      });
    const searches = Array.from({ length: 11 }, () =>
      search().then(
        () => "done",
        (err) => String(err.status),
      ),
    );
    await Promise.resolve();
    expect(running).toBe(2);
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await Promise.all(searches);
    expect(results.filter((r) => r === "done")).toHaveLength(10);
    expect(results.filter((r) => r === "429")).toHaveLength(1);
    expect(most).toBe(2);
  });
});

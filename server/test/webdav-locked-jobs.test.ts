import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, create, type FileJson, itemAt, list, mkdir, type TestUser } from "./files-api.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { type DavClient, davClient, lockedMessage } from "./webdav-lock-client.js";

/**
 * A big copy or restore answers after one batch and a job writes the rest (files/bulk-write.ts). A WebDAV lock taken
 * after the request, on a folder the job has still to write into, holds the job: it fails with the lock's sentence
 * naming the locked path, writes nothing there, and finishes once the lock is gone. The server takes 4 rows per batch,
 * and the test holds each job back (a trigger on `jobs`) until it has taken the lock, so the order is certain.
 */

const BATCH = 4;
let server: TestServer;
let user: TestUser;
let client: DavClient;

beforeAll(async () => {
  server = await startServer({}, { deleteBatchRows: BATCH });
  user = await createUser(server);
  client = await davClient(server, user.userId);
  // Jobs of a kind named in held_jobs are queued an hour ahead; release() makes them due.
  await server.db.query("CREATE TABLE held_jobs (kind text PRIMARY KEY)");
  await server.db.query(`CREATE FUNCTION hold_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM held_jobs WHERE kind = NEW.kind) THEN NEW.run_at := now() + interval '1 hour'; END IF;
      RETURN NEW;
    END $$`);
  await server.db.query("CREATE TRIGGER hold_jobs BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION hold_jobs()");
});
afterAll(() => server?.close());

const dav: DavClient["dav"] = (...args) => client.dav(...args);
const lock: DavClient["lock"] = (...args) => client.lock(...args);
const unlock: DavClient["unlock"] = (...args) => client.unlock(...args);

async function hold(kind: string) {
  await server.db.query("INSERT INTO held_jobs (kind) VALUES ($1)", [kind]);
}

/** Lets the held jobs of `kind` run and waits until none is due: each has finished, or failed and waits. */
async function release(kind: string) {
  await server.db.query("DELETE FROM held_jobs WHERE kind = $1", [kind]);
  await server.db.query("UPDATE jobs SET run_at = now() WHERE kind = $1", [kind]);
  await jobsDone(server);
}

/** The user's jobs of `kind`, with the error of their last try. */
const jobsOf = (kind: string) =>
  server.db.query<{ last_error: string | null }>("SELECT last_error FROM jobs WHERE kind = $1 AND user_id = $2", [
    kind,
    user.userId,
  ]);

/** Keeps a failed job from trying again by itself, so only an UNLOCK can bring it forward. */
const postpone = (kind: string) =>
  server.db.query("UPDATE jobs SET run_at = now() + interval '1 hour' WHERE kind = $1", [kind]);

/** `top` with 6 files and a subfolder `sub` holding 6 more: more than one batch below it. */
async function makeTree(top: string): Promise<FileJson> {
  await mkdir(server, user, `${top}/sub`);
  for (const dir of [top, `${top}/sub`])
    for (let i = 0; i < 6; i++) await create(server, user, { name: `f${i}.txt`, type: "file", path: dir, size: 0 });
  const slash = top.lastIndexOf("/");
  return itemAt(server, user, top.slice(0, slash) || "/", top.slice(slash + 1));
}

const SIX = ["f0.txt", "f1.txt", "f2.txt", "f3.txt", "f4.txt", "f5.txt"];

/** `top` with two subfolders `a` and `b` of 6 files each, and no files of its own. */
async function makePair(top: string): Promise<FileJson> {
  for (const sub of ["a", "b"]) {
    await mkdir(server, user, `${top}/${sub}`);
    for (const name of SIX) await create(server, user, { name, type: "file", path: `${top}/${sub}`, size: 0 });
  }
  const slash = top.lastIndexOf("/");
  return itemAt(server, user, top.slice(0, slash) || "/", top.slice(slash + 1));
}

/** A drive path as a WebDAV URL. */
const href = (path: string) => `/webdav${path.split("/").map(encodeURIComponent).join("/")}`;

/** Every active row below `id`, as its path below it. */
async function treeOf(id: string): Promise<string[]> {
  const rows = await server.db.query<{ path: string }>(
    `WITH RECURSIVE t(id, path) AS (
       SELECT id, ''::text FROM files WHERE id = $1
       UNION ALL
       SELECT f.id, t.path || '/' || f.name FROM files f JOIN t ON f.parent_id = t.id WHERE f.status = 'active'
     )
     SELECT path FROM t WHERE id <> $1 ORDER BY path`,
    [id],
  );
  return rows.map((r) => r.path);
}

/** `top` (makeTree) trashed, then restored with its restore job held: what it held before, and the answer. */
async function restoreHeld(path: string) {
  const top = await makeTree(path);
  const before = await treeOf(top.id);
  expect((await call(server, user, "POST", "/files/delete", { ids: [top.id] })).status).toBe(204);
  await jobsDone(server);
  await hold("restore-trees");
  const back = await call<{ restored: FileJson[] }>(server, user, "POST", "/trash/restore", { ids: [top.id] });
  expect(back.status).toBe(200);
  return { top, before, back };
}

async function namesIn(dir: string): Promise<string[]> {
  const res = await list(server, user, { path: dir, limit: 100 });
  expect(res.status).toBe(200);
  return res.body.items.map((i) => i.name).sort();
}

describe("a lock taken after a big copy was accepted", () => {
  it("holds the copy job at the locked folder, names it in the job's error, and lets it finish after UNLOCK", async () => {
    const source = await makeTree("/Copy src");
    const expected = await treeOf(source.id);
    await mkdir(server, user, "/Copy dest");
    await hold("copy-tree");
    const copied = await call<FileJson>(server, user, "POST", `/files/${source.id}/copy`, {
      destination: "/Copy dest",
    });
    expect(copied.status).toBe(200);
    // The request copied the top, its subfolder and the first files; the job has the rest, sub's files among them.
    expect(await namesIn("/Copy dest/Copy src/sub")).toEqual([]);
    const token = await lock("/Copy dest/Copy src/sub", "0");

    await release("copy-tree");
    const [held] = await jobsOf("copy-tree");
    expect(held?.last_error).toBe(lockedMessage("/Copy dest/Copy src/sub"));
    expect(await namesIn("/Copy dest/Copy src/sub")).toEqual([]);
    // What the lock does not cover went on: the copy's own files are all there.
    expect(await namesIn("/Copy dest/Copy src")).toEqual([
      "f0.txt",
      "f1.txt",
      "f2.txt",
      "f3.txt",
      "f4.txt",
      "f5.txt",
      "sub",
    ]);

    await postpone("copy-tree");
    await unlock("/Copy dest/Copy src/sub", token);
    await jobsDone(server);
    expect(await jobsOf("copy-tree")).toEqual([]);
    expect(await treeOf(copied.body.id)).toEqual(expected);
    expect(await server.db.query("SELECT * FROM copy_runs")).toEqual([]);
  });

  it("a WebDAV COPY into a folder it locked: the job passes that lock with the request's token", async () => {
    const source = await makeTree("/Dav src");
    const expected = await treeOf(source.id);
    await mkdir(server, user, "/Dav dest");
    const token = await lock("/Dav dest", "infinity");
    await hold("copy-tree");
    const res = await dav("COPY", "/webdav/Dav%20src", {
      destination: "/webdav/Dav%20dest/Dav%20src",
      if: `</webdav/Dav%20dest/> (${token})`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await jobsOf("copy-tree")).toEqual([{ last_error: null }]);

    await release("copy-tree");
    expect(await jobsOf("copy-tree")).toEqual([]);
    const copy = await itemAt(server, user, "/Dav dest", "Dav src");
    expect(await treeOf(copy.id)).toEqual(expected);
    // The JSON API holds no token: the same lock refuses it still.
    expect((await call(server, user, "POST", "/files/mkdir", { path: "/Dav dest/other" })).status).toBe(423);
    await unlock("/Dav dest", token);
  });
});

describe("a lock taken after a big restore was accepted", () => {
  it("on the folder it went back to: holds the restore job, leaves the rest in the trash, finishes after UNLOCK", async () => {
    const { top, before, back } = await restoreHeld("/Back/Restored");
    expect(back.body.restored.map((f) => f.path)).toEqual(["/Back/Restored"]);
    const partly = await treeOf(top.id);
    expect(partly.length).toBeLessThan(before.length);
    const token = await lock("/Back", "infinity");

    await release("restore-trees");
    const [held] = await jobsOf("restore-trees");
    expect(held?.last_error).toBe(lockedMessage("/Back"));
    expect(await treeOf(top.id)).toEqual(partly);

    await postpone("restore-trees");
    await unlock("/Back", token);
    await jobsDone(server);
    expect(await jobsOf("restore-trees")).toEqual([]);
    expect(await treeOf(top.id)).toEqual(before);
  });
});

/**
 * A lock ends with the resource it is on when a WebDAV DELETE, MOVE or overwrite removes it (or its folder), and when
 * a LOCK sweeps it after its timeout: a job that lock held goes on at once, as after an UNLOCK. Each test postpones the
 * held job an hour, so only the lock's end can bring it forward.
 */
describe("a lock that ends otherwise than by UNLOCK lets the job it held go on at once", () => {
  /**
   * Copies `top` (makePair) into `dest` and holds the job at a lock on the copy's `a` (the job fills `a` before `b`):
   * returns the lock's token once the job has failed there and waits.
   */
  async function copyHeldAtA(top: string, dest: string): Promise<string> {
    const source = await makePair(top);
    await mkdir(server, user, dest);
    await hold("copy-tree");
    const copied = await call<FileJson>(server, user, "POST", `/files/${source.id}/copy`, { destination: dest });
    expect(copied.status).toBe(200);
    const copy = `${dest}${top}`;
    // The request copied the top and its two folders; the job has their files.
    expect(await namesIn(copy)).toEqual(["a", "b"]);
    const token = await lock(`${copy}/a`, "0");
    await release("copy-tree");
    expect(await jobsOf("copy-tree")).toEqual([{ last_error: lockedMessage(`${copy}/a`) }]);
    expect(await namesIn(`${copy}/a`)).toEqual([]);
    expect(await namesIn(`${copy}/b`)).toEqual([]);
    await postpone("copy-tree");
    return token;
  }

  it("a DELETE of the locked folder: the copy fills the rest of the tree", async () => {
    const token = await copyHeldAtA("/Del src", "/Del dest");
    const res = await dav("DELETE", href("/Del dest/Del src/a"), { if: `(${token})` });
    expect(res.statusCode, res.body).toBe(204);
    await jobsDone(server);
    expect(await jobsOf("copy-tree")).toEqual([]);
    expect(await namesIn("/Del dest/Del src")).toEqual(["b"]);
    expect(await namesIn("/Del dest/Del src/b")).toEqual(SIX);
  });

  it("a MOVE of the locked folder: the copy fills it where it went, and the rest", async () => {
    const token = await copyHeldAtA("/Mv src", "/Mv dest");
    const res = await dav("MOVE", href("/Mv dest/Mv src/a"), {
      destination: href("/Mv dest/Moved a"),
      if: `(${token})`,
    });
    expect(res.statusCode, res.body).toBe(201);
    await jobsDone(server);
    expect(await jobsOf("copy-tree")).toEqual([]);
    expect(await namesIn("/Mv dest/Moved a")).toEqual(SIX);
    expect(await namesIn("/Mv dest/Mv src/b")).toEqual(SIX);
  });

  it("a COPY over the locked folder (Overwrite: T): the copy fills the rest of the tree", async () => {
    const token = await copyHeldAtA("/Ow src", "/Ow dest");
    await mkdir(server, user, "/Ow other");
    const res = await dav("COPY", href("/Ow other"), {
      destination: href("/Ow dest/Ow src/a"),
      if: `<${href("/Ow dest/Ow src/a")}> (${token})`,
    });
    expect(res.statusCode, res.body).toBe(204);
    await jobsDone(server);
    expect(await jobsOf("copy-tree")).toEqual([]);
    // `a` is the empty folder copied over it now; the job wrote nothing into that.
    expect(await namesIn("/Ow dest/Ow src/a")).toEqual([]);
    expect(await namesIn("/Ow dest/Ow src/b")).toEqual(SIX);
  });

  it("a LOCK after the holding lock timed out sweeps it: the copy goes on", async () => {
    const token = await copyHeldAtA("/Exp src", "/Exp dest");
    // The lock's timeout passing, without waiting for it.
    await server.db.query("UPDATE webdav_locks SET expires_at = now() - interval '1 second' WHERE token = $1", [
      token.slice(1, -1),
    ]);
    await mkdir(server, user, "/Exp other");
    const other = await lock("/Exp other", "0");
    await jobsDone(server);
    expect(await jobsOf("copy-tree")).toEqual([]);
    expect(await namesIn("/Exp dest/Exp src/a")).toEqual(SIX);
    expect(await namesIn("/Exp dest/Exp src/b")).toEqual(SIX);
    await unlock("/Exp other", other);
  });

  it("a MOVE of the folder above the locked one: the restore goes on where that folder went", async () => {
    const { top, before } = await restoreHeld("/Rb/Restored");
    // The request restored the top and its folder first, then a few files; the job has the rest, some in sub.
    expect(await namesIn("/Rb/Restored")).toContain("sub");
    const partly = await namesIn("/Rb/Restored/sub");
    expect(partly.length).toBeLessThan(SIX.length);
    const token = await lock("/Rb/Restored/sub", "0");
    await release("restore-trees");
    expect(await jobsOf("restore-trees")).toEqual([{ last_error: lockedMessage("/Rb/Restored/sub") }]);
    expect(await namesIn("/Rb/Restored/sub")).toEqual(partly);
    await postpone("restore-trees");

    const res = await dav("MOVE", href("/Rb"), {
      destination: href("/Rb moved"),
      if: `<${href("/Rb/Restored/sub")}> (${token})`,
    });
    expect(res.statusCode, res.body).toBe(201);
    await jobsDone(server);
    expect(await jobsOf("restore-trees")).toEqual([]);
    expect(await treeOf(top.id)).toEqual(before);
    expect(await namesIn("/Rb moved/Restored/sub")).toEqual(SIX);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebdavServer } from "./webdav-server.js";

/**
 * WebDAV driven by clients nobody here wrote (Debian's litmus, rclone and cadaver), against a real server on a
 * loopback port. Run once, in a suite of its own (`npm run test:webdav-clients`): they test the protocol, which is
 * the same on every database and store.
 */

const SPLIT = 8 * 1024 * 1024;
let server: Awaited<ReturnType<typeof startWebdavServer>>;
let dir = "";
let davUrl = "";

/** Runs a client to its end without blocking this process, which serves the requests it makes. */
function run(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {},
): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...opts.env }, cwd: opts.cwd });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, out }));
    child.stdin.end(opts.input ?? "");
  });
}

beforeAll(async () => {
  server = await startWebdavServer({ WEBDAV_SPLIT_SIZE: String(SPLIT) });
  davUrl = `${server.url}/webdav/`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "webdav-clients-"));
});

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("litmus", () => {
  it("passes basic, copymove, props, locks and http with 0 failures", async () => {
    const r = await run("litmus", [davUrl, "webdav", server.key], {
      env: { TESTS: "basic copymove props locks http" },
      cwd: dir,
    });
    const summaries = [...r.out.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g)].map(
      (m) => ({ group: m[1], run: Number(m[2]), passed: Number(m[3]), failed: Number(m[4]) }),
    );
    for (const s of summaries) console.log(`litmus ${s.group}: ${s.passed} passed, ${s.failed} failed of ${s.run}`);
    expect(summaries.map((s) => s.group)).toEqual(["basic", "copymove", "props", "locks", "http"]);
    for (const s of summaries) expect(s, r.out).toMatchObject({ failed: 0, passed: s.run });
    expect(r.status, r.out).toBe(0);
  });
});

describe("rclone (webdav backend)", () => {
  let obscured = "";
  const rcloneEnv = () => ({
    RCLONE_CONFIG: path.join(dir, "rclone.conf"),
    RCLONE_CONFIG_DAV_TYPE: "webdav",
    RCLONE_CONFIG_DAV_URL: davUrl,
    RCLONE_CONFIG_DAV_VENDOR: "other",
    RCLONE_CONFIG_DAV_USER: "rclone",
    RCLONE_CONFIG_DAV_PASS: obscured,
  });
  const rclone = async (...args: string[]) => {
    const r = await run("rclone", [...args, "--retries", "1"], { env: rcloneEnv() });
    expect(r.status, r.out).toBe(0);
    return r.out;
  };
  const files = (root: string): string[] =>
    fs
      .readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((f) => fs.statSync(path.join(root, f)).isFile())
      .sort();

  let local = "";
  beforeAll(async () => {
    obscured = (await run("rclone", ["obscure", server.key])).out.trim();
    local = path.join(dir, "tree");
    for (let i = 0; i < 300; i++) {
      const sub = path.join(local, `folder ${i % 7}`, i % 2 ? "deeper" : "");
      fs.mkdirSync(sub, { recursive: true });
      fs.writeFileSync(path.join(sub, `file ${i} – ünïcødé.bin`), crypto.randomBytes(i * 31));
    }
    // Five parts of the split size, the last one short.
    fs.writeFileSync(path.join(local, "large.bin"), crypto.randomBytes(4 * SPLIT + 12345));
  });

  it("copies a tree of 300 files and a large one up, checks it, and copies it back byte for byte", async () => {
    await rclone("copy", local, "dav:up", "--transfers", "4");
    expect(await rclone("check", local, "dav:up")).toContain("0 differences found");
    const [large] = await server.db.query<{ parts: unknown[]; size: number }>(
      "SELECT parts, size FROM files WHERE name = 'large.bin' AND status = 'active'",
    );
    expect(large?.size).toBe(4 * SPLIT + 12345);
    expect(large?.parts).toHaveLength(5);
    const back = path.join(dir, "back");
    await rclone("copy", "dav:up", back);
    expect(files(back)).toEqual(files(local));
    for (const f of files(local))
      expect(fs.readFileSync(path.join(back, f)).equals(fs.readFileSync(path.join(local, f))), f).toBe(true);
  });

  it("syncs deletions: what is gone locally goes to the trash", async () => {
    fs.rmSync(path.join(local, "folder 3"), { recursive: true });
    fs.rmSync(path.join(local, "folder 0", "deeper", "file 7 – ünïcødé.bin"));
    await rclone("sync", local, "dav:up");
    const listed = (await rclone("lsf", "-R", "--files-only", "dav:up"))
      .split("\n")
      .filter((l) => l && !l.includes("NOTICE"))
      .sort();
    expect(listed).toEqual(files(local).map((f) => f.split(path.sep).join("/")));
    const trashed = await server.db.query<{ name: string }>(
      "SELECT name FROM files WHERE status = 'trashed' AND trash_root = id AND user_id = $1",
      [server.userId],
    );
    expect(trashed.map((t) => t.name)).toEqual(expect.arrayContaining(["folder 3", "file 7 – ünïcødé.bin"]));
  });

  it("mounts the drive with rclone mount (where /dev/fuse exists)", async () => {
    if (!fs.existsSync("/dev/fuse")) {
      console.log("rclone mount: skipped, this machine has no /dev/fuse");
      return;
    }
    const mnt = path.join(dir, "mnt");
    fs.mkdirSync(mnt);
    const mount: ChildProcess = spawn(
      "rclone",
      ["mount", "dav:up", mnt, "--vfs-cache-mode", "writes", "--vfs-write-back", "0s", "--dir-cache-time", "1s"],
      { env: { ...process.env, ...rcloneEnv() }, stdio: "ignore" },
    );
    try {
      const mounted = () => fs.readFileSync("/proc/self/mounts", "utf8").includes(` ${mnt} `);
      await until(mounted);
      // Asynchronous file calls only: this process also serves the requests the mount makes.
      const read = await fs.promises.readFile(path.join(mnt, "large.bin"));
      expect(read.equals(await fs.promises.readFile(path.join(local, "large.bin")))).toBe(true);
      await fs.promises.writeFile(path.join(mnt, "through the mount.txt"), "written through rclone mount\n");
      // The upload follows the close: wait for the file to be on the drive.
      await until(async () => {
        const rows = await server.db.query("SELECT 1 FROM files WHERE name = 'through the mount.txt' AND size = 29");
        return rows.length > 0;
      });
    } finally {
      await run("fusermount3", ["-u", mnt]);
      mount.kill();
      await new Promise((resolve) => (mount.exitCode === null ? mount.once("exit", resolve) : resolve(null)));
    }
    expect(await rclone("cat", "dav:up/through the mount.txt")).toContain("written through rclone mount");
  });
});

describe("cadaver", () => {
  it("puts, gets, makes a folder, moves, locks and unlocks", async () => {
    const home = path.join(dir, "cadaver");
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, ".netrc"), `machine 127.0.0.1 login cadaver password ${server.key}\n`, {
      mode: 0o600,
    });
    fs.writeFileSync(path.join(home, "up.txt"), "sent by cadaver\n");
    const script = [
      "mkcol cdir",
      "put up.txt cdir/up.txt",
      "move cdir/up.txt cdir/moved.txt",
      "lock cdir/moved.txt",
      "discover cdir/moved.txt",
      "unlock cdir/moved.txt",
      "get cdir/moved.txt down.txt",
      "quit",
    ].join("\n");
    const r = await run("cadaver", [davUrl], { env: { HOME: home }, input: `${script}\n`, cwd: home });
    for (const step of ["Creating `cdir'", "Uploading up.txt", "Moving", "Locking", "Unlocking", "Downloading"])
      expect(r.out, r.out).toMatch(new RegExp(`${step}[^\\n]*succeeded`));
    expect(r.out).toMatch(/Scope: exclusive\s+Type: write/);
    expect(fs.readFileSync(path.join(home, "down.txt"), "utf8")).toBe("sent by cadaver\n");
  });
});

/** Waits for a state (a mount, a row), checking it again every 100 ms, for at most a minute. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 60_000) throw new Error("the state was not reached within a minute");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

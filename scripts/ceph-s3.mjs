// A throw-away, single-node Ceph cluster with an S3 endpoint, for the test suite and the S3 benchmark:
// one monitor, one OSD that keeps objects in RAM (memstore) and one RADOS Gateway, all as plain
// processes of this user from Debian's packages (apt-get install ceph-mon ceph-osd radosgw). No systemd,
// no disks, no cephx: everything lives in one temp dir that `stop()` removes.
//
// `node scripts/ceph-s3.mjs` starts one for development, creates the bucket `drive`, prints the
// settings for the server (STORAGE=s3 ...) and keeps the cluster until Ctrl-C.
import { execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const TOOLS = ["ceph-mon", "ceph-osd", "radosgw", "radosgw-admin", "monmaptool", "ceph-authtool", "ceph"];
/** Ports used: base (monitor v2), base+1 (monitor v1), base+2 (S3), base+10..base+39 (OSD). */
const PORT_SPAN = 40;

function onPath(tool) {
  return (process.env.PATH ?? "").split(":").some((dir) => dir && fs.existsSync(path.join(dir, tool)));
}

/** Whether the Ceph packages this needs are installed. */
export function cephInstalled() {
  return TOOLS.every(onPath);
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/** A random base in 20000–40000 whose whole span is free (other engineers' clusters and servers share the machine). */
async function freeBase() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20000 + crypto.randomInt(0, 20000 - PORT_SPAN);
    let free = true;
    for (let p = base; p < base + PORT_SPAN && free; p++) free = await portFree(p);
    if (free) return base;
  }
  throw new Error("no free port range for Ceph found");
}

function config({ dir, fsid, base, memBytes }) {
  const mon = `[v2:127.0.0.1:${base},v1:127.0.0.1:${base + 1}]`;
  return `[global]
fsid = ${fsid}
mon_host = ${mon}
mon_initial_members = a
public_addr = 127.0.0.1
cluster_addr = 127.0.0.1
ms_bind_port_min = ${base + 10}
ms_bind_port_max = ${base + PORT_SPAN - 1}
; a test cluster on loopback: no cephx (then clients must not insist on "secure" mode either)
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
ms_mon_client_mode = crc
; one OSD: every pool keeps one copy in few placement groups
osd_pool_default_size = 1
osd_pool_default_min_size = 1
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
osd_pool_default_pg_autoscale_mode = off
osd_crush_chooseleaf_type = 0
mon_allow_pool_size_one = true
mon_warn_on_pool_no_redundancy = false
run_dir = ${dir}/run
admin_socket = ${dir}/run/$name.asok
pid_file = ${dir}/run/$name.pid
log_file = ${dir}/log/$name.log
crash_dir = ${dir}/run
keyring = ${dir}/keyring
log_to_stderr = false
log_to_file = true
mon_cluster_log_to_file = false

[mon]
mon_data = ${dir}/mon/$cluster-$id
; the disk-space guard would refuse to run on a full /tmp
mon_data_avail_crit = 1
mon_data_avail_warn = 2
; commit map changes every 50 ms rather than every second: creating pools takes several rounds
paxos_propose_interval = 0.05
paxos_min_wait = 0.01

[osd]
osd_data = ${dir}/osd/$cluster-$id
osd_objectstore = memstore
memstore_device_bytes = ${memBytes}
osd_op_num_shards = 2
osd_op_num_threads_per_shard = 1

[client.rgw]
rgw_frontends = beast endpoint=127.0.0.1:${base + 2}
rgw_data = ${dir}/rgw
rgw_thread_pool_size = 64
`;
}

/** Retries `probe` until it returns a truthy value; fails after `timeoutMs` or as soon as `alive()` says a daemon died. */
async function until(what, timeoutMs, probe, alive) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const dead = alive();
    if (dead) throw new Error(`${dead} exited while waiting for ${what}`);
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function answers(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/", timeout: 2000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => req.destroy());
  });
}

/**
 * Starts a cluster and resolves once its S3 endpoint accepts the returned credentials.
 * @param {{ memBytes?: number, timeoutMs?: number }} [opts] memBytes: RAM the OSD may fill (default 3 GiB)
 * @returns {Promise<import("./ceph-s3.d.mts").CephS3>}
 */
export async function startCephS3(opts = {}) {
  if (!cephInstalled()) throw new Error("Ceph is not installed (apt-get install ceph-mon ceph-osd radosgw)");
  const memBytes = opts.memBytes ?? 3 * 1024 ** 3;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-ceph-"));
  for (const sub of ["run", "log", "mon", "osd", "rgw"]) fs.mkdirSync(path.join(dir, sub));
  const conf = path.join(dir, "ceph.conf");
  const base = await freeBase();
  const fsid = crypto.randomUUID();
  fs.writeFileSync(conf, config({ dir, fsid, base, memBytes }));

  /** @type {{ name: string, child: import("node:child_process").ChildProcess }[]} */
  const daemons = [];
  const killAll = () => {
    for (const { child } of daemons) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const onExit = () => {
    killAll();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", onExit);
  const daemon = (name, cmd, args) => {
    const out = fs.openSync(path.join(dir, "log", `${name}.out`), "a");
    const child = spawn(cmd, ["-c", conf, ...args, "-f"], { stdio: ["ignore", out, out], detached: true });
    fs.closeSync(out);
    daemons.push({ name, child });
  };
  const dead = () => daemons.find((d) => d.child.exitCode !== null || d.child.signalCode !== null)?.name;
  const stop = async () => {
    process.off("exit", onExit);
    // Gateway first, monitor last, each given a few seconds to go by itself.
    for (const { child } of [...daemons].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await gone;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const keyring = path.join(dir, "keyring");
    await run("ceph-authtool", ["--create-keyring", keyring, "--gen-key", "-n", "mon.", "--cap", "mon", "allow *"]);
    const monmap = path.join(dir, "run", "monmap");
    await run("monmaptool", [
      "--create",
      "--fsid",
      fsid,
      "--addv",
      "a",
      `[v2:127.0.0.1:${base},v1:127.0.0.1:${base + 1}]`,
      monmap,
    ]);
    await run("ceph-mon", ["-c", conf, "--mkfs", "-i", "a", "--monmap", monmap, "--keyring", keyring]);
    daemon("mon", "ceph-mon", ["-i", "a"]);

    // The monitor allocates the OSD's id; this is also the first moment it answers.
    const osdUuid = crypto.randomUUID();
    const osdId = await until(
      "the monitor",
      timeoutMs,
      async () => (await run("ceph", ["-c", conf, "--connect-timeout", "10", "osd", "create", osdUuid])).stdout.trim(),
      dead,
    );
    // memstore's mkfs does not create its own directory.
    fs.mkdirSync(path.join(dir, "osd", `ceph-${osdId}`));
    await run("ceph-osd", ["-c", conf, "-i", osdId, "--mkfs", "--osd-uuid", osdUuid]);
    daemon("osd", "ceph-osd", ["-i", osdId]);
    const monLog = path.join(dir, "log", "mon.a.log");
    const booted = new RegExp(`osd\\.${osdId} \\[.*\\] boot`);
    await until("the OSD to boot", timeoutMs, async () => booted.test(fs.readFileSync(monLog, "utf8")), dead);

    // The gateway creates its pools and default zone on first start.
    daemon("rgw", "radosgw", ["-n", "client.rgw"]);
    await until("the S3 gateway", timeoutMs, () => answers(base + 2), dead);
    const accessKey = crypto.randomBytes(10).toString("hex").toUpperCase();
    const secretKey = crypto.randomBytes(20).toString("hex");
    await run("radosgw-admin", [
      "-c",
      conf,
      "user",
      "create",
      "--uid=drive-test",
      "--display-name=drive test",
      `--access-key=${accessKey}`,
      `--secret-key=${secretKey}`,
    ]);
    /** Frees the space of deleted objects now: the gateway otherwise removes their data hours later. */
    const reclaim = async () => {
      await run("radosgw-admin", ["-c", conf, "gc", "process", "--include-all"]);
    };
    return {
      // "default" is the gateway's zonegroup; SigV4 accepts any region name there.
      env: {
        S3_ENDPOINT: `http://127.0.0.1:${base + 2}`,
        S3_ACCESS_KEY: accessKey,
        S3_SECRET_KEY: secretKey,
        S3_REGION: "default",
      },
      dir,
      stop,
      reclaim,
    };
  } catch (err) {
    const logs = fs
      .readdirSync(path.join(dir, "log"))
      .map(
        (f) =>
          `--- ${f}\n${fs
            .readFileSync(path.join(dir, "log", f), "utf8")
            .split("\n")
            .slice(-15)
            .join("\n")}`,
      )
      .join("\n");
    await stop();
    throw new Error(`${err instanceof Error ? err.message : err}\n${logs}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const cluster = await startCephS3();
  const { S3Client, CreateBucketCommand } = await import("@aws-sdk/client-s3");
  const { env } = cluster;
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY, secretAccessKey: env.S3_SECRET_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: "drive" }));
  console.error(`Ceph S3 ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${cluster.dir}); Ctrl-C stops it`);
  console.log(
    `STORAGE=s3 S3_BUCKET=drive ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
  const quit = () => cluster.stop().then(() => process.exit(0));
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
}

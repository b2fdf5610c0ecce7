// `npm test`: every suite in order, a summary line at the end, non-zero exit when any fails.
// `node scripts/test-all.mjs e2e server` runs only the suites whose names start with those words.
import { spawn } from "node:child_process";
import { startCephS3 } from "./ceph-s3.mjs";
import { startTestPostgres } from "./test-postgres.mjs";

const suites = [
  ["lint", "npx", ["biome", "check", "."]],
  // The client's and the server's import layers and the server's import circles (scripts/check-layers.mjs), with
  // planted violations it must catch.
  ["lint layers", "node", ["--test", "scripts/check-layers.test.mjs"]],
  ["typecheck", "npm", ["run", "typecheck", "--workspaces", "--if-present"]],
  ["web unit", "npm", ["test", "-w", "web"]],
  ["server (PGlite)", "npm", ["test", "-w", "server"]],
  ["server (PostgreSQL)", "npm", ["test", "-w", "server"], { postgres: true }],
  // The scaled-out setup: PostgreSQL plus parts in S3 (a throw-away Ceph RADOS Gateway).
  ["server (Ceph S3)", "npm", ["test", "-w", "server"], { postgres: true, s3: true }],
  // Every API operation as other Teldrive clients send it, directly and through Debian's nginx.
  ["conformance (nginx)", "npm", ["run", "test:conformance", "-w", "server"]],
  // Imports from real sources (OpenSSH, rclone's WebDAV, HTTP), a kill mid-import, a schedule on two instances.
  ["imports (real sources)", "npm", ["run", "test:imports", "-w", "server"], { postgres: true }],
  // WebDAV driven by clients we did not write: litmus, rclone (copy, check, sync, mount) and cadaver.
  ["webdav clients", "npm", ["run", "test:webdav-clients", "-w", "server"]],
  ["build", "npm", ["run", "build", "-w", "web"]],
  ["bundle budget", "node", ["--import", "tsx", "bench/src/budget-check.ts"]],
  ["e2e", "npm", ["test", "-w", "e2e"]],
];

// CI keeps only the tail of the output: the lines that say which test failed (and the first lines of why) are repeated
// in the summary.
const naming = /^\s*(FAIL\b|×|✘|\d+\) \[)|originated in|Unhandled|Uncaught/;
const why = /AssertionError|Error: expect|[Tt]imed? out|^\s*\w*Error: /;
// Tests that failed once and passed on their retry (server/test/retried-reporter.ts, e2e/lib/summary-reporter.ts).
const retried = /^flaky: /;

/** Runs one suite, passing its output through and keeping the lines that say what failed. */
function run(cmd, args, env) {
  return new Promise((resolve) => {
    const named = [];
    const reasons = [];
    const flaky = [];
    const keep = (line) => {
      if (retried.test(line)) flaky.push(line);
      const [list, most] = naming.test(line) ? [named, 60] : why.test(line) ? [reasons, 30] : [];
      if (list && list.length < most && !list.includes(line)) list.push(line);
    };
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        out.write(chunk);
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are stripped before matching
        for (const line of lines) keep(line.replace(/\x1b\[[0-9;]*m/g, ""));
      });
    }
    child.on("close", (code) => resolve({ status: code, failures: [...named, ...reasons], flaky }));
    child.on("error", (err) => {
      console.error(err.message);
      resolve({ status: 1, failures: [err.message], flaky });
    });
  });
}

const only = process.argv.slice(2);
const results = [];
let pg;
const stopPg = () => {
  pg?.stop();
  pg = undefined;
};
let s3;
const stopS3 = async () => {
  await s3?.stop();
  s3 = undefined;
};
process.on("SIGINT", () => {
  stopPg();
  // ceph-s3.mjs kills its daemons and removes its dir on exit.
  process.exit(130);
});

for (const [name, cmd, args, opts = {}] of suites) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const env = { ...process.env };
  if (opts.postgres && !process.env.TEST_DATABASE_URL) {
    try {
      pg ??= startTestPostgres();
    } catch (err) {
      console.error(`could not start PostgreSQL: ${err instanceof Error ? err.message : err}`);
    }
    if (!pg) {
      console.error(`\n✗ ${name}: no PostgreSQL found (apt-get install postgresql, or set TEST_DATABASE_URL)`);
      results.push({ name, ok: false, seconds: 0 });
      continue;
    }
    env.TEST_DATABASE_URL = pg.url;
  }
  if (opts.s3 && !process.env.TEST_S3_ENDPOINT) {
    try {
      s3 ??= await startCephS3();
    } catch (err) {
      console.error(`could not start Ceph: ${err instanceof Error ? err.message : err}`);
    }
    if (!s3) {
      console.error(`\n✗ ${name}: no S3 store (apt-get install ceph-mon ceph-osd radosgw, or set TEST_S3_ENDPOINT)`);
      results.push({ name, ok: false, seconds: 0 });
      stopPg();
      continue;
    }
    env.TEST_S3_ENDPOINT = s3.env.S3_ENDPOINT;
    env.TEST_S3_ACCESS_KEY = s3.env.S3_ACCESS_KEY;
    env.TEST_S3_SECRET_KEY = s3.env.S3_SECRET_KEY;
    env.TEST_S3_REGION = s3.env.S3_REGION;
  }
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status, failures, flaky } = await run(cmd, args, env);
  results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000, failures, flaky });
  if (opts.postgres) stopPg();
  if (opts.s3) await stopS3();
}
stopPg();
await stopS3();

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log("");
for (const r of results) console.log(`${r.ok ? "✓" : "✗"} ${r.name.padEnd(22)} ${r.seconds.toFixed(0).padStart(5)} s`);
for (const r of results) {
  if (r.flaky?.length)
    console.log(`\n--- passed only on a retry in ${r.name} (make these sturdier) ---\n${r.flaky.join("\n")}`);
}
const failures = results.filter((r) => !r.ok);
for (const r of failures) {
  if (r.failures?.length) console.log(`\n--- what failed in ${r.name} ---\n${r.failures.join("\n")}`);
}
if (failures.length) console.log(`\nfailed suites: ${failures.map((r) => r.name).join(", ")}`);
console.log(`\nsuites: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

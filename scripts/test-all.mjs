// `npm test`: every suite in order, a summary line at the end, non-zero exit when any fails.
import { spawnSync } from "node:child_process";
import { startTestPostgres } from "./test-postgres.mjs";

const suites = [
  ["lint", "npx", ["biome", "check", "."]],
  ["typecheck", "npm", ["run", "typecheck", "--workspaces", "--if-present"]],
  ["web unit", "npm", ["test", "-w", "web"]],
  ["server (PGlite)", "npm", ["test", "-w", "server"]],
  ["server (PostgreSQL)", "npm", ["test", "-w", "server"], { postgres: true }],
  ["build", "npm", ["run", "build", "-w", "web"]],
  ["bundle budget", "node", ["bench/src/budget-check.mjs"]],
  ["end-to-end", "npm", ["test", "-w", "e2e"]],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];
let pg;
for (const [name, cmd, args, opts = {}] of suites) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const env = { ...process.env };
  if (opts.postgres) {
    if (!process.env.TEST_DATABASE_URL) {
      pg ??= startTestPostgres();
      if (!pg) {
        console.error(`\n✗ ${name}: no PostgreSQL found (apt-get install postgresql, or set TEST_DATABASE_URL)`);
        failed++;
        failures.push(name);
        continue;
      }
      env.TEST_DATABASE_URL = pg.url;
    }
  }
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status === 0) passed++;
  else {
    failed++;
    failures.push(name);
  }
}
pg?.stop();
if (failures.length) console.log(`\nfailed suites: ${failures.join(", ")}`);
console.log(`\nsuites: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

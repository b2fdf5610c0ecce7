// Part of `npm run typecheck`: contract/openapi.gen.ts must be what `npm run gen:api` makes of docs/openapi.json
// today, so the client's calls are checked against the contract as it is (a change that breaks a caller fails tsc).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const committed = path.join(root, "contract/openapi.gen.ts");
const require = createRequire(path.join(root, "web/package.json"));
const cli = path.join(path.dirname(require.resolve("openapi-typescript/package.json")), "bin/cli.js");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-schema-"));
try {
  const fresh = path.join(dir, "openapi.gen.ts");
  execFileSync(process.execPath, [cli, path.join(root, "docs/openapi.json"), "-o", fresh], { stdio: "pipe" });
  if (fs.readFileSync(fresh, "utf8") !== fs.readFileSync(committed, "utf8")) {
    console.error("contract/openapi.gen.ts is not what docs/openapi.json gives: run `npm run gen:api`.");
    process.exit(1);
  }
  console.log("contract/openapi.gen.ts matches docs/openapi.json");
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

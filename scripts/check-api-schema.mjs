// Part of `npm run typecheck`: the contract's generated files must be what `npm run gen:api` makes of the documents
// today (contract/openapi.gen.ts of docs/openapi.json, API-A with our additions; contract/teldrive-main.gen.ts of
// ../shared/api/teldrive-main-openapi.yaml, API-B), so the client's calls are checked against the contract as it is.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "web/package.json"));
const cli = path.join(path.dirname(require.resolve("openapi-typescript/package.json")), "bin/cli.js");
const pairs = [
  ["docs/openapi.json", "contract/openapi.gen.ts"],
  ["../shared/api/teldrive-main-openapi.yaml", "contract/teldrive-main.gen.ts"],
];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-schema-"));
let failed = false;
try {
  for (const [doc, gen] of pairs) {
    const fresh = path.join(dir, path.basename(gen));
    execFileSync(process.execPath, [cli, path.join(root, doc), "-o", fresh], { stdio: "pipe" });
    if (fs.readFileSync(fresh, "utf8") !== fs.readFileSync(path.join(root, gen), "utf8")) {
      console.error(`${gen} is not what ${doc} gives: run \`npm run gen:api\`.`);
      failed = true;
    } else {
      console.log(`${gen} matches ${doc}`);
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exit(1);

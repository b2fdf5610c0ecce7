// Builds the web client once when the directory the server will serve has no index.html.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT, WEB_DIST } from "./lib/server.js";

export default function globalSetup() {
  if (fs.existsSync(path.join(WEB_DIST, "index.html"))) return;
  if (process.env.WEB_DIST) throw new Error(`WEB_DIST=${process.env.WEB_DIST} has no index.html`);
  console.log("web/dist is missing: building the client (npx vite build)");
  execFileSync("npx", ["vite", "build"], { cwd: path.join(REPO_ROOT, "web"), stdio: "inherit" });
}

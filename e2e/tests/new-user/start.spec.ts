// Issue 11, "Delivery": `npm start` builds the client only when its sources changed since the last build.
// Runs scripts/start.mjs on a copy of the client's sources (so the build under test is not the one other specs use).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../../fixtures.js";
import { freePort, REPO_ROOT } from "../../lib/server.js";

interface Started {
  child: ChildProcess;
  output: () => string;
  baseURL: string;
}

/** Runs `node scripts/start.mjs` and resolves once the server says it listens (however long a build takes). */
async function start(web: string, dataDir: string): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WEB_DIR: web,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
  };
  delete env.WEB_DIST;
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "scripts/start.mjs")], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk;
      if (/listening/.test(out)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk;
    });
    child.on("exit", (code) => reject(new Error(`npm start ended (${code}) before listening:\n${out}`)));
  });
  return { child, output: () => out, baseURL: `http://127.0.0.1:${port}` };
}

function stop(started: Started): Promise<void> {
  return new Promise((resolve) => {
    started.child.once("exit", () => resolve());
    started.child.kill("SIGTERM");
  });
}

test("npm start builds the client once, then starts without building until a source changes", async ({ page }) => {
  // A build on a busy machine can take minutes; this test waits for it, however long it takes.
  test.setTimeout(15 * 60_000);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "drive-start-"));
  try {
    const web = path.join(root, "web");
    fs.cpSync(path.join(REPO_ROOT, "web"), web, {
      recursive: true,
      filter: (src) => !/[\\/](dist|node_modules)$/.test(src),
    });
    fs.copyFileSync(path.join(REPO_ROOT, "tsconfig.base.json"), path.join(root, "tsconfig.base.json"));
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
    const dataDir = path.join(root, "data");

    const first = await start(web, dataDir);
    expect(first.output()).toContain("building the client");
    await stop(first);

    const second = await start(web, dataDir);
    expect(second.output()).toContain("client build is up to date");
    expect(second.output()).not.toContain("building the client");
    await page.goto(`${second.baseURL}/login`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await stop(second);

    fs.appendFileSync(path.join(web, "src", "main.tsx"), "\n// changed\n");
    const check = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts/start.mjs"), "--check"], {
      env: { ...process.env, WEB_DIR: web },
      encoding: "utf8",
    });
    expect(check.status).toBe(1);
    expect(check.stdout).toContain("older than its sources");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

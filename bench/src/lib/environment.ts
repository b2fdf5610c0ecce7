// A real server with a signed-in Chromium (persistent context, so Lighthouse sees its cookie over the debugging port).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { signInRequest, uniquePhone } from "../../../e2e/lib/auth.js";
import { DriveApi } from "../../../e2e/lib/drive-api.js";
import { type DriveServer, freePort, startDriveServer } from "../../../e2e/lib/server.js";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface BenchEnvironment {
  server: DriveServer;
  context: BrowserContext;
  api: DriveApi;
  /** Chromium's remote debugging port (for Lighthouse). */
  debuggingPort: number;
  /** A shared folder with files, for /share/{id}. */
  shareId: string;
  close(): Promise<void>;
}

/** Folders and files of several types in `/`, so list pages have real rows. */
async function seed(api: DriveApi): Promise<string> {
  for (const name of ["Documents", "Photos", "Music", "Videos", "Archive"]) await api.createFolder(name, "/");
  const kinds = ["txt", "md", "pdf", "jpg", "png", "mp3", "mp4", "zip", "docx", "xlsx"];
  for (let i = 0; i < 40; i++) {
    const ext = kinds[i % kinds.length] ?? "txt";
    await api.uploadFile("/", `file-${String(i).padStart(2, "0")}.${ext}`, `content of file ${i}\n`.repeat(50));
  }
  const shared = await api.createFolder("Shared folder", "/");
  for (let i = 0; i < 10; i++) await api.uploadFile("/Shared folder", `shared-${i}.txt`, `shared ${i}\n`);
  if (!shared.id) throw new Error("created folder has no id");
  return api.share(shared.id);
}

export async function startBenchEnvironment(): Promise<BenchEnvironment> {
  const server = await startDriveServer();
  const debuggingPort = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "drive-bench-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
      viewport: { width: 1280, height: 800 },
      baseURL: server.baseURL,
    });
    await signInRequest(server, context.request, uniquePhone());
    const api = new DriveApi(context.request);
    const shareId = await seed(api);
    return {
      server,
      context,
      api,
      debuggingPort,
      shareId,
      async close() {
        await context.close();
        await server.stop();
        fs.rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
    throw err;
  }
}

// `npm run bench`: one markdown table of bundle weights, Lighthouse, the 100k-folder and throughput numbers and
// the load run, also written to bench/results/latest.md. A part that cannot run prints "not available".
import fs from "node:fs";
import path from "node:path";
import { startBenchEnvironment } from "./lib/environment.js";
import { describeMachine } from "./lib/machine.js";
import { kb, markdownTable, ms, type Row, rowsFrom } from "./lib/table.js";
import { runLighthousePages } from "./lighthouse-run.js";
import { formatLoadResult, loadOptionsFromEnv, runLoadBench } from "./load.js";
import { measurePages } from "./page-weight.js";
import { runServerScaleBench, scaleTable } from "./server-scale.js";
import { viewerChunks } from "./viewer-chunks.js";

const rows: Row[] = [];
const notAvailable = (area: string, err: unknown) => {
  const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
  console.error(`${area}: ${reason}`);
  rows.push([area, "", `not available (${reason})`]);
};

/** Runs `fn` exported by a sibling module another helper owns, if the module exists. */
async function optionalModule(file: string, fn: string, area: string): Promise<void> {
  const full = path.join(import.meta.dirname, file);
  if (!fs.existsSync(full)) {
    rows.push([area, "", "not available"]);
    return;
  }
  try {
    const mod = (await import(full)) as Record<string, unknown>;
    const run = mod[fn];
    if (typeof run !== "function") throw new Error(`${file} exports no ${fn}()`);
    console.error(`running ${fn}() ...`);
    rows.push(...rowsFrom(area, await run()));
  } catch (err) {
    notAvailable(area, err);
  }
}

const machine = describeMachine();
const started = new Date();
console.error(`bench on ${machine}`);

// `npm run bench:server`: only the server at 1k / 100k / 1M files.
const serverOnly = process.argv.includes("server");

if (!serverOnly) await clientBenches();

async function clientBenches() {
  try {
    const env = await startBenchEnvironment();
    try {
      console.error("page weights ...");
      for (const p of await measurePages(env.context, env.shareId)) {
        rows.push(["Bundle", `${p.path} JS on the wire`, `${kb(p.jsWire)} in ${p.jsFiles} files`]);
        rows.push(["Bundle", `${p.path} CSS on the wire`, `${kb(p.cssWire)} in ${p.cssFiles} files`]);
      }
      const viewers = viewerChunks();
      if (viewers.length === 0) rows.push(["Bundle", "viewer chunks", "not available (no *viewer* chunk in web/dist)"]);
      for (const v of viewers)
        rows.push(["Bundle", `viewer chunk ${v.name} (gzip)`, `${kb(v.gzip)} (${kb(v.withDeps)} with its libraries)`]);

      console.error("lighthouse ...");
      try {
        for (const r of await runLighthousePages(env.context, env.debuggingPort, env.server.baseURL)) {
          rows.push([
            "Lighthouse",
            `${r.path} performance / accessibility / best practices`,
            `${r.performance ?? "n/a"} / ${r.accessibility ?? "n/a"} / ${r.bestPractices ?? "n/a"}`,
          ]);
          rows.push([
            "Lighthouse",
            `${r.path} LCP / CLS / TBT`,
            `${ms(r.lcpMs)} / ${r.cls?.toFixed(3) ?? "n/a"} / ${ms(r.tbtMs)}`,
          ]);
        }
      } catch (err) {
        notAvailable("Lighthouse", err);
      }
    } finally {
      await env.close();
    }
  } catch (err) {
    notAvailable("Bundle", err);
  }

  await optionalModule("cold-start.ts", "runColdStartBench", "Start-up");
  await optionalModule("large-folder.ts", "runLargeFolderBench", "100k folder");
  await optionalModule("large-folder-thumbnails.ts", "runLargeFolderThumbnailsBench", "100k pictures");
  await optionalModule("throughput.ts", "runThroughputBench", "Throughput");
  await optionalModule("webdav.ts", "runWebdavBench", "WebDAV");
  await optionalModule("s3-throughput.ts", "runS3ThroughputBench", "S3 throughput");
  await optionalModule("zip-throughput.ts", "runZipThroughputBench", "Zip");
  await optionalModule("import-throughput.ts", "runImportThroughputBench", "Imports");
  await optionalModule("event-latency.ts", "runEventLatencyBench", "Live events");

  try {
    console.error("load ...");
    const load = await runLoadBench(loadOptionsFromEnv());
    console.error(formatLoadResult(load));
    const o = load.options;
    rows.push([
      "Load",
      `${o.clients} clients, ${o.seconds} s: ops/s, errors`,
      `${load.requestsPerSecond.toFixed(0)} ops/s, ${load.errors} errors`,
    ]);
    for (const [op, s] of Object.entries(load.ops))
      rows.push(["Load", `${op} p50 / p99`, `${s.p50Ms.toFixed(1)} ms / ${s.p99Ms.toFixed(1)} ms (${s.count} ops)`]);
    rows.push([
      "Load",
      "files uploaded / lost / corrupted",
      `${load.filesUploaded} / ${load.filesLost} / ${load.filesCorrupted}`,
    ]);
  } catch (err) {
    notAvailable("Load", err);
  }
}

let scale = "";
try {
  console.error("server at scale ...");
  const results = await runServerScaleBench();
  scale = scaleTable(results);
  for (const r of results)
    rows.push([
      `Server, ${r.size.toLocaleString("en")} files`,
      r.measure,
      `PGlite ${r.pglite ?? "n/a"} · PostgreSQL ${r.postgres ?? "n/a"}`,
    ]);
} catch (err) {
  notAvailable("Server at scale", err);
}

const table = markdownTable(rows);
const report = `Measured ${started.toISOString()} on ${machine}.\n\n${table}\n`;
console.log(`\n${report}`);
const out = path.join(import.meta.dirname, "../results/latest.md");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, report);
if (scale)
  fs.writeFileSync(
    path.join(path.dirname(out), "server-scale.md"),
    `Measured ${started.toISOString()} on ${machine}.\n\n${scale}\n`,
  );
console.error(`written to ${path.relative(process.cwd(), out)}`);

import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { lockDataDir, tightenDataDir } from "./data-dir.js";
import { openDb } from "./db/index.js";
import { checkStorage } from "./storage/blobs.js";

function configOrExit() {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`drive server: ${err.message}`);
    process.exit(1);
  }
}

const config = configOrExit();
// Everything the server creates (database files, parts, temp files) is for its own user only.
process.umask(0o077);
lockDataDir(config.dataDir);
if (!config.teldriveUrl) await checkStorage(config);
const db = await openDb(config);
const tightened = tightenDataDir(config.dataDir);
if (tightened > 0) console.log(`data dir: made ${tightened} files and folders private to the server's user`);
const app = await buildApp({ config, db }, { logger: { level: process.env.LOG_LEVEL ?? "warn" } });

const shutdown = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

await app.listen({ port: config.port, host: config.host });
const backend = config.teldriveUrl
  ? `forwarding /api to ${config.teldriveUrl}`
  : `${db.kind}, data in ${config.dataDir}${config.storage.kind === "s3" ? `, parts in S3 bucket ${config.storage.bucket}` : ""}, instance ${db.instanceId}`;
console.log(`drive server listening on http://localhost:${config.port} (${backend})`);

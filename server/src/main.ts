import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDb } from "./db/index.js";
import { checkStorage } from "./storage/blobs.js";

const config = loadConfig();
if (!config.teldriveUrl) await checkStorage(config);
const db = await openDb(config);
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
  : `${db.kind}, data in ${config.dataDir}${config.storage.kind === "s3" ? `, parts in S3 bucket ${config.storage.bucket}` : ""}`;
console.log(`drive server listening on http://localhost:${config.port} (${backend})`);

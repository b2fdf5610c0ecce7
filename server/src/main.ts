import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDb } from "./db/index.js";

const config = loadConfig();
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
  : `${db.kind}, data in ${config.dataDir}`;
console.log(`drive server listening on http://localhost:${config.port} (${backend})`);

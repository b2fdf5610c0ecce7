import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.js";
import { COOKIE_NAME, createSession } from "../src/auth/session.js";
import { ensureUserDefaults } from "../src/auth/user-defaults.js";
import { type Config, loadConfig } from "../src/config.js";
import { type Db, openDb } from "../src/db/index.js";

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * A real server on a fresh database: PGlite in a temp dir, or a fresh schema-less PostgreSQL
 * database when TEST_DATABASE_URL is set (each call creates and later drops its own database).
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-test-"));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const pg = (await import("pg")).default;
    const name = `drive_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, ...env }), databaseUrl, webDist: undefined };
  const db = await openDb(config);
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let nextUserId = 1000;

/**
 * Creates a user with a root folder and default channel straight in the database and returns a cookie
 * header for it. Tests of the sign-in flow itself go through the websocket instead.
 */
export async function createUser(
  server: TestServer,
  opts: { phone?: string; name?: string } = {},
): Promise<{ userId: number; cookie: string; hash: string; token: string }> {
  const userId = nextUserId++;
  const phone = opts.phone ?? `+1555000${userId}`;
  const { db } = server;
  await db.query("INSERT INTO users (user_id, phone, name, user_name) VALUES ($1, $2, $3, $4)", [
    userId,
    phone,
    opts.name ?? `User ${userId}`,
    `user${userId}`,
  ]);
  await ensureUserDefaults(db, userId);
  const { token, hash } = await createSession(db, { userId, appName: "test" });
  return { userId, cookie: `${COOKIE_NAME}=${token}`, hash, token };
}

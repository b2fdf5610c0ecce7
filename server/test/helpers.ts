import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app.js";
import { COOKIE_NAME, createSession } from "../src/auth/session.js";
import { ensureUserDefaults } from "../src/auth/user-defaults.js";
import { type Config, loadConfig } from "../src/config.js";
import { type Db, openDb } from "../src/db/index.js";
import { createTestBucket } from "./storage-helpers.js";

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * What test servers run with unless a test says otherwise: tests sign in with fresh numbers everywhere, all from
 * one address, so sign-up is open and the per-address sign-in limits are out of reach. The tests of those rules
 * (sign-up.test.ts, sign-in-limits.test.ts) set them back: `SIGN_UP: "closed"`, or "" for a limit's default.
 */
export const TEST_SIGN_IN_ENV: Record<string, string> = {
  SIGN_UP: "open",
  SIGN_IN_CODES_PER_ADDRESS: "1000000",
  SIGN_IN_WRONG_CODES_PER_ADDRESS: "1000000",
};

/**
 * A real server on a fresh database: PGlite in a temp dir, or a fresh schema-less PostgreSQL
 * database when TEST_DATABASE_URL is set (each call creates and later drops its own database).
 * Parts go to the data dir, or to a fresh bucket when TEST_S3_ENDPOINT is set.
 */
export async function startServer(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-test-"));
  const testDb = await createTestDatabase("drive_test");
  const bucket = await createTestBucket();
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, ...TEST_SIGN_IN_ENV, ...bucket?.env, ...env }),
    databaseUrl: testDb?.url,
    webDist: undefined,
    ...overrides,
  };
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
      await testDb?.drop();
      await bucket?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL cluster, or undefined when that is not set
 * (the suite then runs on PGlite).
 */
export async function createTestDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const pg = (await import("pg")).default;
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Waits until the background queue has no due job left (reclaims run right after the change that queued them).
 * Polls the jobs table: the condition, not a fixed time.
 */
export async function jobsDone(server: { db: Db }, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const [due] = await server.db.query<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE run_at <= now()");
    if (due?.n === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error(`jobs still due after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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

export type SignedInUser = Awaited<ReturnType<typeof createUser>>;

/**
 * The set-up of suites about two users of one drive (each other's files, shares, stars): a fresh server with two
 * signed-in users, started before the file's tests and closed after them. `take` gets them once they exist; a file
 * keeps them in its own variables (`({ server, users: [alice, bob] } = started)`).
 */
export function withServerAndTwoUsers(
  take: (started: { server: TestServer; users: [SignedInUser, SignedInUser] }) => void,
  env: Record<string, string> = {},
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    take({ server, users: [await createUser(server), await createUser(server)] });
  });
  afterAll(() => server?.close());
}

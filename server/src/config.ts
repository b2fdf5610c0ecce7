import path from "node:path";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Longest a request's database statement may run, in ms (`DB_STATEMENT_TIMEOUT_MS`, 0: no limit). */
  statementTimeoutMs: number;
  encryptionKey: string | undefined;
  teldriveUrl: string | undefined;
  allowedPhones: string[] | undefined;
  /** Directory holding the built web client; served at `/` when it exists. */
  webDist: string | undefined;
}

function list(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    statementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 10_000),
    encryptionKey: env.ENCRYPTION_KEY || undefined,
    teldriveUrl: env.TELDRIVE_URL || undefined,
    allowedPhones: list(env.ALLOWED_PHONES),
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, "../../web/dist"),
  };
}

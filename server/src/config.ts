import path from "node:path";
import proxyAddr from "@fastify/proxy-addr";
import { loadStorageConfig, type StorageConfig } from "./storage/config.js";

/** Connection limits (milliseconds) that keep one slow client from holding the server open. */
export interface Timeouts {
  /** A request's headers must arrive whole within this. */
  headersMs: number;
  /** A connection with no bytes in either direction for this long is closed. */
  idleMs: number;
  /** A keep-alive connection waiting for its next request is closed after this. */
  keepAliveMs: number;
  /** A request body may take this long, plus a second per `minBodyBytesPerSecond` bytes received. */
  bodyGraceMs: number;
  minBodyBytesPerSecond: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 30_000,
  idleMs: 300_000,
  keepAliveMs: 72_000,
  bodyGraceMs: 20_000,
  minBodyBytesPerSecond: 500,
};

/**
 * Sign-in limits per requester address (IPv6: per /64) over all phone numbers, and over the whole server. The
 * defaults are what docs/decisions.md ("Who may sign in, and guessing codes") does its arithmetic with.
 */
export interface SignInLimits {
  /** Codes one address may ask for in an hour, over all numbers (`SIGN_IN_CODES_PER_ADDRESS`). */
  codesPerAddressPerHour: number;
  /** Wrong codes one address may send in 24 hours, over all numbers (`SIGN_IN_WRONG_CODES_PER_ADDRESS`). */
  wrongCodesPerAddressPerDay: number;
  /** Wrong codes the whole server (every instance) takes in a minute; past it code checks wait for the next one. */
  wrongCodesPerMinute: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  codesPerAddressPerHour: 20,
  wrongCodesPerAddressPerDay: 10,
  wrongCodesPerMinute: 100,
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Longest a request's database statement may run, in ms (`DB_STATEMENT_TIMEOUT_MS`, 0: no limit). */
  statementTimeoutMs: number;
  encryptionKey: string | undefined;
  /** Upstream Teldrive base URL (origin plus an optional path prefix, no trailing slash). */
  teldriveUrl: string | undefined;
  allowedPhones: string[] | undefined;
  /**
   * Who may get a new account (`SIGN_UP`): `closed` (the default): the first account, then only numbers in
   * `ALLOWED_PHONES` or invited by the owner; `open`: any number. Existing accounts can always sign in.
   */
  signUp: "open" | "closed";
  signInLimits: SignInLimits;
  /**
   * Password checks (bcrypt) of shares and file requests one address (an IPv6 /64) may have one instance compute per
   * minute, over all of them (`PASSWORD_CHECKS_PER_ADDRESS`). Per-share limits on wrong passwords are apart.
   */
  passwordChecksPerMinute: number;
  /** Where file parts live (STORAGE, S3_*): server/src/storage/config.ts. */
  storage: StorageConfig;
  /** Addresses (IP, CIDR, `loopback`, `linklocal`, `uniquelocal`) of reverse proxies whose forwarding headers count. */
  trustProxy: string[] | undefined;
  timeouts: Timeouts;
  /** Directory holding the built web client; served at `/` when it exists. */
  webDist: string | undefined;
  /**
   * `COMPAT=teldrive-1.8` or `COMPAT=teldrive-main`: answer as that Teldrive server would where our additions change
   * behaviour (no `/capabilities`, no trash: a delete is for good), so the client's fallbacks can be tried against a
   * real server. True under either.
   */
  teldrive18: boolean;
  /** Which Teldrive `COMPAT` names: 1.8 has no API-B routes, main none of those it removed (compat/removed-routes.ts). */
  compat: Compat | undefined;
  /**
   * Rows a deleted tree changes per transaction (`DELETE_BATCH_ROWS`); a delete answers after the first batch and
   * the settle job does the rest (files/tree-delete.ts).
   */
  deleteBatchRows: number;
  /**
   * Bulk writes (files/bulk-write.ts): how many may run in the background for one user at once
   * (`BULK_JOBS_PER_USER`), and the most rows one copy may write (`BULK_MAX_ROWS`); beyond either the answer is 429.
   * They take `deleteBatchRows` rows per transaction.
   */
  bulkJobsPerUser: number;
  bulkMaxRows: number;
  /** Imports (server/src/imports): which sources the admin allows, and the key that seals their credentials. */
  imports: ImportConfig;
  /** Access and refresh token lifetimes (`ACCESS_TOKEN_TTL_SECONDS`: 30 days, `REFRESH_TOKEN_TTL_SECONDS`: a year). */
  tokenLifetimes: TokenLifetimes;
  /** WebDAV at `/webdav/` (webdav/): `WEBDAV`, `WEBDAV_REQUIRE_TLS`, `WEBDAV_ENCRYPT`, `WEBDAV_SPLIT_SIZE`. */
  webdav: WebdavConfig;
}

export interface ImportConfig {
  /** `IMPORT_LOCAL_DIRS`: the only server folders a `local://` source may read (absolute, comma-separated). */
  localDirs: string[];
  /** `IMPORT_ALLOW_PRIVATE=true`: sources may be on loopback, private, link-local and ULA addresses. */
  allowPrivate: boolean;
  /** `IMPORT_SECRET`: seals sources' credentials at rest (else ENCRYPTION_KEY, else a key file in DATA_DIR). */
  secret: string | undefined;
}

function loadImportConfig(env: NodeJS.ProcessEnv): ImportConfig {
  const localDirs = (list(env.IMPORT_LOCAL_DIRS) ?? []).map((dir) => {
    if (!path.isAbsolute(dir)) throw new ConfigError(`IMPORT_LOCAL_DIRS: "${dir}" is not an absolute path`);
    return path.resolve(dir);
  });
  const allow = env.IMPORT_ALLOW_PRIVATE ?? "false";
  if (allow !== "true" && allow !== "false")
    throw new ConfigError(`IMPORT_ALLOW_PRIVATE must be true or false; got "${allow}"`);
  return { localDirs, allowPrivate: allow === "true", secret: env.IMPORT_SECRET || undefined };
}

/** How long an access token and a refresh token live (auth/session.ts); each refresh issues both anew. */
export interface TokenLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
}
export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = {
  accessSeconds: 30 * 24 * 60 * 60,
  refreshSeconds: 365 * 24 * 60 * 60,
};
export interface WebdavConfig {
  /** `WEBDAV=off` turns it off; it is also off in proxy mode and under `COMPAT` (Teldrive has none). */
  enabled: boolean;
  /** `WEBDAV_REQUIRE_TLS=true`: refuse WebDAV requests that did not come over https (directly or via TRUST_PROXY). */
  requireTls: boolean;
  /** `WEBDAV_ENCRYPT=true`: files written through WebDAV are encrypted (needs ENCRYPTION_KEY). */
  encrypt: boolean;
  /** `WEBDAV_SPLIT_SIZE`: bytes per stored part of a file written through WebDAV (the client's default split size). */
  splitBytes: number;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (["true", "1", "on", "yes"].includes(value)) return true;
  if (["false", "0", "off", "no"].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false; got "${value}"`);
}

export function parseWebdav(env: NodeJS.ProcessEnv): WebdavConfig {
  const encrypt = flag("WEBDAV_ENCRYPT", env.WEBDAV_ENCRYPT, false);
  if (encrypt && !env.ENCRYPTION_KEY) throw new ConfigError("WEBDAV_ENCRYPT=true needs ENCRYPTION_KEY");
  const splitBytes = positiveInt("WEBDAV_SPLIT_SIZE", env.WEBDAV_SPLIT_SIZE, 524_288_000);
  if (splitBytes > 2 * 1024 * 1024 * 1024) throw new ConfigError("WEBDAV_SPLIT_SIZE must be at most 2147483648");
  return {
    enabled: flag("WEBDAV", env.WEBDAV, true) && !env.TELDRIVE_URL && !env.COMPAT,
    requireTls: flag("WEBDAV_REQUIRE_TLS", env.WEBDAV_REQUIRE_TLS, false),
    encrypt,
    splitBytes,
  };
}

/** A setting the server cannot start with; main prints the message and exits. */
export class ConfigError extends Error {}

function list(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

/** `TELDRIVE_URL` as origin + path prefix (kept, without a trailing slash); anything but an absolute http(s) URL is refused. */
export function parseTeldriveUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `TELDRIVE_URL must be an absolute http(s) URL, e.g. https://teldrive.example.com; got "${value}"`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ConfigError(`TELDRIVE_URL must start with http:// or https://; got "${value}"`);
  if (url.username || url.password || url.search || url.hash)
    throw new ConfigError(`TELDRIVE_URL must not carry credentials, a query or a fragment; got "${value}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** `TRUST_PROXY`: comma-separated addresses; each is checked now so a typo stops the server instead of trusting nobody. */
export function parseTrustProxy(value: string | undefined): string[] | undefined {
  const entries = list(value);
  if (!entries) return undefined;
  for (const entry of entries) {
    try {
      proxyAddr.compile(entry);
    } catch {
      throw new ConfigError(
        `TRUST_PROXY: "${entry}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`,
      );
    }
  }
  return entries;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a whole number above 0; got "${value}"`);
  return n;
}

/** `SIGN_UP`: `open` or `closed` (the default when unset). */
export function parseSignUp(value: string | undefined): "open" | "closed" {
  if (!value || value === "closed") return "closed";
  if (value === "open") return "open";
  throw new ConfigError(`SIGN_UP must be open or closed; got "${value}"`);
}

export type Compat = "teldrive-1.8" | "teldrive-main";

/** `COMPAT`: unset, `teldrive-1.8` or `teldrive-main`. */
export function parseCompat(value: string | undefined): Compat | undefined {
  if (!value) return undefined;
  if (value === "teldrive-1.8" || value === "teldrive-main") return value;
  throw new ConfigError(`COMPAT must be teldrive-1.8, teldrive-main or unset; got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    statementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 10_000),
    encryptionKey: env.ENCRYPTION_KEY || undefined,
    teldriveUrl: parseTeldriveUrl(env.TELDRIVE_URL),
    allowedPhones: list(env.ALLOWED_PHONES),
    signUp: parseSignUp(env.SIGN_UP),
    signInLimits: {
      codesPerAddressPerHour: positiveInt(
        "SIGN_IN_CODES_PER_ADDRESS",
        env.SIGN_IN_CODES_PER_ADDRESS,
        DEFAULT_SIGN_IN_LIMITS.codesPerAddressPerHour,
      ),
      wrongCodesPerAddressPerDay: positiveInt(
        "SIGN_IN_WRONG_CODES_PER_ADDRESS",
        env.SIGN_IN_WRONG_CODES_PER_ADDRESS,
        DEFAULT_SIGN_IN_LIMITS.wrongCodesPerAddressPerDay,
      ),
      wrongCodesPerMinute: DEFAULT_SIGN_IN_LIMITS.wrongCodesPerMinute,
    },
    passwordChecksPerMinute: positiveInt("PASSWORD_CHECKS_PER_ADDRESS", env.PASSWORD_CHECKS_PER_ADDRESS, 10),
    storage: loadStorageConfig(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeouts: DEFAULT_TIMEOUTS,
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, "../../web/dist"),
    teldrive18: parseCompat(env.COMPAT) !== undefined,
    compat: parseCompat(env.COMPAT),
    deleteBatchRows: positiveInt("DELETE_BATCH_ROWS", env.DELETE_BATCH_ROWS, 1000),
    bulkJobsPerUser: positiveInt("BULK_JOBS_PER_USER", env.BULK_JOBS_PER_USER, 2),
    bulkMaxRows: positiveInt("BULK_MAX_ROWS", env.BULK_MAX_ROWS, 1_000_000),
    imports: loadImportConfig(env),
    tokenLifetimes: {
      accessSeconds: positiveInt(
        "ACCESS_TOKEN_TTL_SECONDS",
        env.ACCESS_TOKEN_TTL_SECONDS,
        DEFAULT_TOKEN_LIFETIMES.accessSeconds,
      ),
      refreshSeconds: positiveInt(
        "REFRESH_TOKEN_TTL_SECONDS",
        env.REFRESH_TOKEN_TTL_SECONDS,
        DEFAULT_TOKEN_LIFETIMES.refreshSeconds,
      ),
    },
    webdav: parseWebdav(env),
  };
}

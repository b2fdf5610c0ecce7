/** Where file parts are kept: `STORAGE=disk` (the default, under DATA_DIR) or `STORAGE=s3`. */
export type StorageConfig = { kind: "disk" } | S3StorageConfig;

export interface S3StorageConfig {
  kind: "s3";
  /** Unset for AWS S3 itself; the URL of any other S3-compatible store. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, shared config, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every key ("" or ending in "/"), so one bucket can hold several drives. */
  prefix: string;
  /** How long the store may take (storage/s3-store.ts `DEFAULT_S3_TIMEOUTS` when unset; tests set less). */
  timeouts?: { answerMs: number; idleMs: number };
}

function flag(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (/^(1|true|yes)$/i.test(value)) return true;
  if (/^(0|false|no)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, not "${value}"`);
}

/** Reads STORAGE and the S3_* variables; throws on a setting that cannot work, so the server does not start. */
export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORAGE || "disk";
  if (kind === "disk") return { kind };
  if (kind !== "s3") throw new Error(`STORAGE must be "disk" or "s3", not "${kind}"`);
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error("STORAGE=s3 needs S3_BUCKET");
  const accessKeyId = env.S3_ACCESS_KEY;
  const secretAccessKey = env.S3_SECRET_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("set both S3_ACCESS_KEY and S3_SECRET_KEY, or neither");
  const endpoint = env.S3_ENDPOINT || undefined;
  const prefix = (env.S3_PREFIX ?? "").replace(/^\/+/, "");
  return {
    kind,
    endpoint,
    bucket,
    region: env.S3_REGION || "us-east-1",
    // Self-hosted stores rarely have a wildcard DNS name for virtual-hosted buckets.
    forcePathStyle: flag("S3_FORCE_PATH_STYLE", env.S3_FORCE_PATH_STYLE) ?? endpoint !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
  };
}

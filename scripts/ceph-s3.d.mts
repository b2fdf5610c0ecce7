// Types of ceph-s3.mjs for the TypeScript that imports it (bench).
export interface CephS3 {
  env: { S3_ENDPOINT: string; S3_ACCESS_KEY: string; S3_SECRET_KEY: string; S3_REGION: string };
  dir: string;
  stop(): Promise<void>;
  /** Frees the space of deleted objects now (the gateway's garbage collection otherwise waits hours). */
  reclaim(): Promise<void>;
}
export function cephInstalled(): boolean;
export function startCephS3(opts?: { memBytes?: number; timeoutMs?: number }): Promise<CephS3>;

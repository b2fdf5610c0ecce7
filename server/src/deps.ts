import type { Config } from "./config.js";
import type { Db } from "./db/index.js";
import type { JobQueue } from "./jobs/queue.js";
import type { Blobs } from "./storage/blobs.js";
import type { ThumbnailCache } from "./thumbnails/cache.js";

/** What every route module receives (built once by buildApp in app.ts). */
export interface Deps {
  config: Config;
  db: Db;
  blobs: Blobs;
  /** The durable background queue (reclaiming parts, clean-ups). */
  jobs: JobQueue;
  /** Rendered thumbnails: served by thumbnails/routes.ts, pruned by a job. */
  thumbnails: ThumbnailCache;
}

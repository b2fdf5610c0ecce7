import { buffer } from "node:stream/consumers";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { type ContentFile, ownedContentFile } from "../content/send-file.js";
import type { Deps } from "../deps.js";
import { badRequest, HttpError } from "../http/errors.js";
import { FairGate } from "../http/gate.js";
import type { Blobs } from "../storage/blobs.js";
import { type ThumbnailCache, type ThumbnailKey, versionOf } from "./cache.js";
import {
  DEFAULT_LIMITS,
  isSvg,
  renderThumbnail,
  THUMBNAIL_WIDTHS,
  type ThumbnailLimits,
  type ThumbnailWidth,
  tooLarge,
  unsupported,
} from "./render.js";
import { storedTakenAt } from "./stored-taken-at.js";
import { recordTakenAt, takenAtOf } from "./taken-at.js";
import { ffmpegAvailable, isVideo, POSTER_AT_SECONDS, POSTER_SOURCE_BYTES, videoFrame } from "./video-poster.js";

const thumbnailQuery = z.object({
  w: z.enum(THUMBNAIL_WIDTHS.map(String) as ["360", "720"], { message: "w must be 360 or 720" }),
  // The client adds the file's version so a replaced file gets a new URL; the server needs only the id.
  v: z.string().max(64).optional(),
});

/** A thumbnail's URL changes with its file (see `v`), so the browser may keep it for a day without asking. */
const CACHE_CONTROL = "private, max-age=86400";

/** Remembers recent refusals (undecodable, too large) so a broken file is not read again on every scroll past it. */
class Refusals {
  private readonly seen = new Map<string, HttpError>();
  constructor(private readonly limit: number) {}
  get(key: string) {
    return this.seen.get(key);
  }
  add(key: string, error: HttpError) {
    if (this.seen.size >= this.limit) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.seen.set(key, error);
  }
}

/**
 * Renders (once, behind the gate) and caches thumbnails; requests for the same one share one rendering. The gate
 * serves users in turn, so one user's hundred renderings delay another user's next one by at most one rendering
 * per slot, and each user has a share of the waiting line.
 */
export class Thumbnails {
  private readonly gate: FairGate;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** Requests still waiting for each thumbnail under way. */
  private readonly askers = new Map<string, number>();
  private readonly refusals = new Refusals(1000);

  constructor(
    private readonly blobs: Blobs,
    readonly cache: ThumbnailCache,
    private readonly limits: ThumbnailLimits = DEFAULT_LIMITS,
    private readonly onStoreError: (err: unknown) => void = () => {},
    /** ffmpeg is installed: videos get a poster frame too (else they are refused like other non-pictures). */
    private readonly posters = false,
    /** Told when a rendered picture says when it was taken (its EXIF date, taken-at.ts). */
    private readonly onTakenAt?: (file: ContentFile, at: Date) => Promise<void>,
  ) {
    this.gate = new FairGate(limits.concurrency);
  }

  /** Refusals that need no reading: not a file, an SVG, a source over the size limit. */
  check(file: ContentFile) {
    if (file.type !== "file") throw badRequest("a folder has no thumbnail");
    if (isSvg(file.name, file.mime_type)) throw unsupported();
    if (isVideo(file.name, file.mime_type)) {
      // Only the start of a video is read (POSTER_SOURCE_BYTES), so its size is no bound.
      if (!this.posters) throw unsupported();
    } else if ((file.size ?? 0) > this.limits.maxSourceBytes) throw tooLarge();
    if (!file.size || !file.parts?.length || file.channel_id === null) throw unsupported();
  }

  /**
   * The thumbnail from the cache, or rendered now; asks for one already under way share it. When every ask has gone
   * (`signal`: the client closed the connection, e.g. its row scrolled away) before its turn, it is not rendered.
   * `owner` is who asks (the user): renderings wait their turn by owner.
   */
  get(file: ContentFile, key: ThumbnailKey, signal?: AbortSignal, owner = ""): Promise<Buffer> {
    const id = this.cache.nameOf(key);
    const refused = this.refusals.get(id);
    if (refused) return Promise.reject(refused);
    this.askers.set(id, (this.askers.get(id) ?? 0) + 1);
    signal?.addEventListener("abort", () => {
      const left = this.askers.get(id);
      if (left !== undefined) this.askers.set(id, left - 1);
    });
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.load(file, key, id, owner);
      this.inFlight.set(id, pending);
      pending
        .catch((err: unknown) => {
          if (err instanceof HttpError && err.status !== 503) this.refusals.add(id, err);
        })
        .finally(() => {
          this.inFlight.delete(id);
          this.askers.delete(id);
        });
    }
    return pending;
  }

  private async load(file: ContentFile, key: ThumbnailKey, id: string, owner: string): Promise<Buffer> {
    const cached = await this.cache.get(key);
    if (cached) return cached;
    if (this.gate.queued >= this.limits.maxWaiting || this.gate.queuedOf(owner) >= this.limits.maxWaitingPerUser)
      throw new HttpError(503, "thumbnails are busy, try again");
    return this.gate.run(owner, () => {
      if ((this.askers.get(id) ?? 0) <= 0) throw new HttpError(503, "nobody waits for this thumbnail any more");
      return this.render(file, key, owner);
    });
  }

  private async render(file: ContentFile, key: ThumbnailKey, owner: string): Promise<Buffer> {
    const { channel_id: channelId, parts, size } = file;
    if (channelId === null || !parts || !size) throw unsupported();
    const stored = { channelId, parts, size, encrypted: file.encrypted };
    const video = isVideo(file.name, file.mime_type);
    // A video's date is read first, on its own: it is wherever the container put it, and a video whose poster
    // cannot be made (its `moov` beyond the bytes a poster reads) still has one.
    if (video) await this.recordTakenAt(file, () => storedTakenAt(this.blobs, file, `user ${owner}`));
    // Plaintext through the same path downloads take: encrypted parts are opened here, in memory only.
    const source = video
      ? await this.posterFrame(stored, owner)
      : await buffer(this.blobs.createReadStream(stored, undefined, `user ${owner}`));
    const webp = await renderThumbnail(source, key.width as ThumbnailWidth, this.limits);
    // A store that refuses the entry (full disk, S3 unreachable) costs a rendering next time, not this answer.
    await this.cache.put(key, webp).catch((err: unknown) => this.onStoreError(err));
    // The picture's bytes are in memory now: when it was taken costs no further read.
    if (!video) await this.recordTakenAt(file, () => takenAtOf(source));
    return webp;
  }

  /** Records the date `read` finds, if any; a failure costs the date, never the thumbnail. */
  private async recordTakenAt(file: ContentFile, read: () => Promise<Date | undefined>): Promise<void> {
    if (!this.onTakenAt) return;
    try {
      const at = await read();
      if (at) await this.onTakenAt(file, at);
    } catch (err) {
      this.onStoreError(err);
    }
  }

  /** A frame a few seconds in (the first one for shorter clips), as PNG, read from the video's first bytes only. */
  private async posterFrame(
    stored: { channelId: number; parts: NonNullable<ContentFile["parts"]>; size: number; encrypted: boolean },
    owner: string,
  ): Promise<Buffer> {
    const range = { start: 0, end: Math.min(stored.size, POSTER_SOURCE_BYTES) - 1 };
    const read = () => this.blobs.createReadStream(stored, range, `user ${owner}`);
    const seconds = this.limits.renderSeconds;
    const frame = (await videoFrame(read, POSTER_AT_SECONDS, seconds)) ?? (await videoFrame(read, 0, seconds));
    if (!frame) throw new HttpError(422, "the video has no frame to show");
    return frame;
  }
}

/** One renderer per thumbnail cache (so per app): the drive's and the shares' thumbnails wait at the same gate. */
const renderers = new WeakMap<ThumbnailCache, Promise<Thumbnails>>();

export function thumbnailRenderer(
  app: FastifyInstance,
  { blobs, db, config, thumbnails: cache }: Pick<Deps, "blobs" | "db" | "config" | "thumbnails">,
): Promise<Thumbnails> {
  let renderer = renderers.get(cache);
  if (!renderer) {
    // Under COMPAT the server is a Teldrive, which knows no takenAt: nothing is recorded.
    const onTakenAt = config.teldrive18 ? undefined : (file: ContentFile, at: Date) => recordTakenAt(db, file, at);
    renderer = ffmpegAvailable().then(
      (posters) =>
        new Thumbnails(
          blobs,
          cache,
          DEFAULT_LIMITS,
          (err) => app.log.warn({ err }, "a rendered thumbnail could not be cached, or its date not recorded"),
          posters,
          onTakenAt,
        ),
    );
    renderers.set(cache, renderer);
  }
  return renderer;
}

/**
 * Answers a thumbnail request for `file` once the caller may see it: the `w` query, the refusals, 304 for a current
 * copy, else the picture (rendered now or from the cache). `owner` is whose turn the rendering waits for.
 */
export async function sendThumbnail(
  req: FastifyRequest,
  reply: FastifyReply,
  o: { thumbnails: Thumbnails; file: ContentFile; owner: string; cacheControl: string },
) {
  const parsed = thumbnailQuery.safeParse(req.query);
  if (!parsed.success) throw badRequest("w must be 360 or 720");
  const width = Number(parsed.data.w);
  const { thumbnails, file, cacheControl } = o;
  thumbnails.check(file);
  const key: ThumbnailKey = { fileId: file.id, version: versionOf(file), width, sealed: file.encrypted };
  const etag = `"${key.version}-${width}"`;
  const noneMatch = req.headers["if-none-match"];
  if (noneMatch?.split(",").some((t) => t.trim() === etag))
    return reply.status(304).header("ETag", etag).header("Cache-Control", cacheControl).send();
  // Headers only once the picture exists: a refusal or a busy answer must not be kept by the browser.
  const gone = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  const webp = await thumbnails.get(file, key, gone.signal, o.owner);
  return reply
    .type("image/webp")
    .header("ETag", etag)
    .header("Cache-Control", cacheControl)
    .header("X-Content-Type-Options", "nosniff")
    .send(webp);
}

export async function thumbnailRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const thumbnails = await thumbnailRenderer(app, deps);

  // A media URL: `?hash=` or `?sid=` signs it in too (auth/private-routes.ts), for players that send no cookie.
  app.get("/thumbnails/:id", { config: { acceptsSessionHash: true } }, async (req, reply) => {
    // The query is checked before the file is looked up, so a bad width is 400 whoever asks.
    if (!thumbnailQuery.safeParse(req.query).success) throw badRequest("w must be 360 or 720");
    const { id } = req.params as { id: string };
    const file = await ownedContentFile(db, req.user.userId, id);
    return sendThumbnail(req, reply, { thumbnails, file, owner: String(req.user.userId), cacheControl: CACHE_CONTROL });
  });
}

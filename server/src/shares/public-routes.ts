import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireSignIn } from "../auth/private-routes.js";
import { isDownload } from "../content/routes.js";
import { CONTENT_COLUMNS, type ContentFile, sendFile } from "../content/send-file.js";
import type { Queryable } from "../db/index.js";
import type { Deps } from "../deps.js";
import { checkItemCount } from "../files/bulk-write.js";
import { type FileOut, type FileRow, listWithoutTakenAt } from "../files/file-row.js";
import { makeDirs } from "../files/folders.js";
import { freeNames, nameKey, takenNames } from "../files/free-names.js";
import {
  CursorError,
  findCursorPage,
  getOwnedFile,
  listFolder,
  listGeneration,
  toFileOut,
  withNextCursor,
} from "../files/index.js";
import { childPath, drivePath, MAX_DEPTH, pathSegments } from "../files/tree.js";
import { copyTree } from "../files/tree-copy.js";
import { Budget, requesterOf } from "../http/budget.js";
import { badRequest, HttpError, notFound, unauthorized } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { sendThumbnail, thumbnailRenderer } from "../thumbnails/routes.js";
import { lockTableFor, refuseLocked } from "../webdav/locks.js";
import { PasswordCache } from "./password-cache.js";
import { ShareGuard } from "./share-guard.js";
import { sharePassword } from "./share-password.js";
import { clearShareCookie, makeShareToken, SHARE_COOKIE, setShareCookie, validShareToken } from "./share-token.js";

interface ShareRow {
  id: string;
  file_id: string;
  user_id: number;
  password: string | null;
  expires_at: Date | null;
  name: string;
  type: "file" | "folder";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const shareParams = z.object({ id: z.string() });
const unlockBody = z.object({ password: z.string().max(1024) });
const listQuery = z.object({
  path: z.string().max(4096).optional(),
  sort: z.enum(["name", "updatedAt", "size", "id"]).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  page: z.coerce.number().int().min(1).optional(),
  cursor: z.string().max(16_384).optional(),
});
const streamQuery = z.object({ download: z.string().optional() });
const saveBody = z.object({
  destination: z.string().max(4096).optional(),
  ids: z.array(z.string().max(64)).min(1).optional(),
});

/**
 * A live share with its file's name and type; 404 when unknown, expired, or its file is gone or lies in a deleted
 * tree. The file's folders are walked up: a big deleted tree is marked at its top at once, its rows by a background
 * job (files/tree-delete.ts), so a row still active may lie below a folder already in the trash or being purged.
 */
async function liveShare(db: Queryable, id: string): Promise<ShareRow> {
  if (!UUID.test(id)) throw notFound("share not found");
  const [share] = await db.query<ShareRow>(
    `WITH RECURSIVE up(id, parent_id, status, depth) AS (
       SELECT f.id, f.parent_id, f.status, 0 FROM file_shares s JOIN files f ON f.id = s.file_id WHERE s.id = $1
       UNION ALL
       SELECT p.id, p.parent_id, p.status, up.depth + 1 FROM up JOIN files p ON p.id = up.parent_id
       WHERE up.status = 'active' AND up.depth < ${MAX_DEPTH}
     )
     SELECT s.id, s.file_id, s.user_id, s.password, s.expires_at, f.name, f.type
     FROM file_shares s JOIN files f ON f.id = s.file_id AND f.status = 'active'
     WHERE s.id = $1 AND NOT EXISTS (SELECT 1 FROM up WHERE up.status <> 'active')`,
    [id],
  );
  if (!share) throw notFound("share not found");
  if (share.expires_at && share.expires_at.getTime() <= Date.now()) throw notFound("share expired");
  return share;
}

/**
 * The folder at `path` below the shared folder, walking only through its active subfolders, so no
 * path can leave the share. `.`/`..` segments are refused outright.
 */
async function folderInShare(db: Queryable, share: ShareRow, path: string): Promise<string> {
  const segments = path.split("/").filter((s) => s.length > 0);
  if (segments.some((s) => s === "." || s === ".." || s.includes("\0"))) throw badRequest("invalid path");
  let folderId = share.file_id;
  for (const name of segments) {
    const [next] = await db.query<{ id: string }>(
      "SELECT id FROM files WHERE parent_id = $1 AND name = $2 AND user_id = $3 AND type = 'folder' AND status = 'active'",
      [folderId, name, share.user_id],
    );
    if (!next) throw notFound("path not found");
    folderId = next.id;
  }
  return folderId;
}

/** True when `fileId` is the shared folder or below it through active folders only. */
async function insideShare(db: Queryable, share: ShareRow, fileId: string): Promise<boolean> {
  if (share.type === "file") return fileId === share.file_id;
  const [row] = await db.query<{ inside: boolean }>(
    `WITH RECURSIVE up(id, parent_id) AS (
       SELECT id, parent_id FROM files WHERE id = $1 AND user_id = $3 AND status = 'active'
       UNION ALL
       SELECT f.id, f.parent_id FROM files f JOIN up ON f.id = up.parent_id
       WHERE f.status = 'active' AND up.id <> $2
     )
     SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS inside`,
    [fileId, share.file_id, share.user_id],
  );
  return row?.inside ?? false;
}

/**
 * Shares opened by id, by anyone (public): what a share is, unlocking one with its password, its listing and its
 * files' content. The owner's side is owner-routes.ts.
 */
export async function publicShareRoutes(app: FastifyInstance, { db, blobs, config, jobs, thumbnails: cache }: Deps) {
  // Teldrive 1.8 has neither the share_token cookie nor the /content URL (API-B).
  const apiB = config.compat !== "teldrive-1.8";
  const guard = new ShareGuard(db);
  const passwords = new PasswordCache();
  app.addHook("onClose", () => passwords.close());
  /**
   * Password checks one requester (an address, an IPv6 /64) may have this instance compute per minute, over all
   * shares: each costs ~70 ms of bcrypt, and ShareGuard's limits are per share. A visitor needs one per share and
   * then is remembered (PasswordCache), so only someone trying many passwords or many shares meets it.
   */
  const checks = new Budget(config.passwordChecksPerMinute, 60_000);

  /** Checks a password against a protected share, refusing while too many wrong ones came in (ShareGuard). */
  async function checkPassword(req: FastifyRequest, reply: FastifyReply, share: ShareRow, password: string | null) {
    if (!share.password) return;
    const protectedShare = { id: share.id, password: share.password };
    const refuse = (wait: number) => {
      reply.header("Retry-After", String(wait));
      return new HttpError(429, "too many attempts, try again later");
    };
    // A password this instance checked minutes ago (a video's range requests): only the limits are looked at.
    if (password !== null && passwords.remembered(password, share.password)) {
      const wait = await guard.recheck(protectedShare, req.ip);
      if (wait > 0) throw refuse(wait);
      return;
    }
    const requester = requesterOf(req.ip);
    const spent = checks.wait(requester);
    if (spent > 0) throw refuse(spent);
    const wait = await guard.begin(protectedShare, req.ip);
    if (wait > 0) throw refuse(wait);
    checks.spend(requester, 1);
    if (password !== null && (await passwords.matches(password, share.password))) {
      await guard.succeeded(protectedShare, req.ip);
      return;
    }
    throw unauthorized("invalid password");
  }

  /** The share of a request that must present the password in `Authorization` when protected. */
  async function authorizedShare(req: FastifyRequest, reply: FastifyReply, opts: { basicPrompt: boolean }) {
    const { id } = shareParams.parse(req.params);
    const share = await liveShare(db, id);
    if (!share.password) return share;
    // API-B: the cookie `POST /shares/{id}/unlock` set; a stale one does not hide a password sent the 1.8 way.
    const token = apiB ? req.cookies[SHARE_COOKIE] : undefined;
    if (token) {
      if (validShareToken({ id: share.id, password: share.password }, token)) return share;
      if (req.headers.authorization === undefined) throw unauthorized("invalid password");
    }
    const password = sharePassword(req.headers.authorization);
    if (password === undefined) {
      // Media elements cannot set headers; the browser's Basic prompt fills them in.
      if (opts.basicPrompt) reply.header("WWW-Authenticate", 'Basic realm="Restricted"');
      throw unauthorized(opts.basicPrompt ? "Unauthorized" : "empty auth");
    }
    await checkPassword(req, reply, share, password);
    return share;
  }

  app.get("/shares/:id", async (req) => {
    const { id } = shareParams.parse(req.params);
    const share = await liveShare(db, id);
    return {
      name: share.name,
      type: share.type,
      ...(share.expires_at ? { expiresAt: rfc3339(share.expires_at) } : {}),
      // Teldrive sends the owner's id; it is no business of an anonymous visitor, so always 0 here.
      userId: 0,
      protected: share.password !== null,
    };
  });

  app.post("/shares/:id/unlock", async (req, reply) => {
    const { id } = shareParams.parse(req.params);
    const share = await liveShare(db, id);
    const { password } = unlockBody.parse(req.body ?? {});
    try {
      await checkPassword(req, reply, share, password);
    } catch (err) {
      // Teldrive main refuses a wrong password with 403, 1.8 (and this server by default) with 401.
      if (config.compat === "teldrive-main" && err instanceof HttpError && err.status === 401)
        throw new HttpError(403, "invalid password");
      throw err;
    }
    if (apiB && share.password) {
      const { token, expiry } = makeShareToken({ ...share, password: share.password });
      setShareCookie(req, reply, share.id, token, expiry);
    } else if (apiB) clearShareCookie(req, reply, share.id);
    return reply.status(204).send();
  });

  // Under COMPAT the items are Teldrive's, without our takenAt.
  const asServed = <T extends { items: FileOut[] }>(list: T): T =>
    config.teldrive18 ? listWithoutTakenAt(list) : list;
  app.get("/shares/:id/files", async (req, reply) => {
    const share = await authorizedShare(req, reply, { basicPrompt: false });
    const query = listQuery.parse(req.query);
    const generation = listGeneration(req.query, config.compat);
    if (share.type === "file") {
      const file = await getOwnedFile(db, share.user_id, share.file_id);
      if (!file) throw notFound("share not found");
      const meta = generation === "b" ? {} : { count: 1, totalPages: 1, currentPage: 1 };
      return asServed({ items: [toFileOut(file)], meta });
    }
    const folderId = await folderInShare(db, share, query.path ?? "/");
    const paging = { sort: query.sort ?? "name", order: query.order ?? "asc", limit: query.limit ?? 500 } as const;
    if (generation === "b") {
      try {
        return asServed(
          await findCursorPage(
            db,
            { userId: share.user_id, parentId: folderId },
            { ...paging, cursor: query.cursor, mixed: config.compat === "teldrive-main" },
          ),
        );
      } catch (err) {
        if (err instanceof CursorError) throw badRequest(err.message);
        throw err;
      }
    }
    const list = await listFolder(db, { userId: share.user_id, parentId: folderId, ...paging, page: query.page });
    return asServed(generation === "both" ? await withNextCursor(db, list, paging) : list);
  });

  /** A file of a share: the share itself or a file below the shared folder. */
  const sendShared = (opts: { basicPrompt: boolean }) => async (req: FastifyRequest, reply: FastifyReply) => {
    const share = await authorizedShare(req, reply, opts);
    const { fileId } = req.params as { fileId: string };
    const { download } = streamQuery.parse(req.query);
    if (!UUID.test(fileId) || !(await insideShare(db, share, fileId))) throw notFound("file not found");
    const [file] = await db.query<ContentFile>(
      `SELECT ${CONTENT_COLUMNS} FROM files WHERE id = $1 AND user_id = $2 AND status = 'active'`,
      [fileId, share.user_id],
    );
    if (!file) throw notFound("file not found");
    return sendFile(req, reply, blobs, file, { download: isDownload(download) });
  };
  app.route({
    method: ["GET", "HEAD"],
    url: "/shares/:id/files/:fileId/:name",
    handler: sendShared({ basicPrompt: true }),
  });
  // Teldrive main's URL (API-B), which unlocks with the share_token cookie: no Basic prompt.
  if (apiB)
    app.route({
      method: ["GET", "HEAD"],
      url: "/shares/:id/files/:fileId/content",
      handler: sendShared({ basicPrompt: false }),
    });

  // Thumbnails of a share's pictures (and videos' posters where ffmpeg runs), rendered like the owner's own. The share
  // page's pictures send no header: a protected share is read with the cookie its unlock set (or the header, sent by
  // other clients). Asked again each time (no-cache with the ETag), so a revoked, expired or re-protected share
  // stops showing them at once.
  const thumbnails = await thumbnailRenderer(app, { blobs, db, config, thumbnails: cache });
  app.get("/shares/:id/thumbnails/:fileId", async (req, reply) => {
    const share = await authorizedShare(req, reply, { basicPrompt: false });
    const { fileId } = req.params as { fileId: string };
    if (!UUID.test(fileId) || !(await insideShare(db, share, fileId))) throw notFound("file not found");
    const [file] = await db.query<ContentFile>(
      `SELECT ${CONTENT_COLUMNS} FROM files WHERE id = $1 AND user_id = $2 AND status = 'active'`,
      [fileId, share.user_id],
    );
    if (!file) throw notFound("file not found");
    // Renderings for a share's visitors wait their turn as the share's, so they never crowd out its owner's.
    return sendThumbnail(req, reply, {
      thumbnails,
      file,
      owner: `share ${share.id}`,
      cacheControl: "private, no-cache",
    });
  });

  // "Save to my drive": a signed-in visitor copies the share (or items inside a shared folder) into their own drive,
  // after the same checks as every other read of the share. Teldrive 1.8 has no such call.
  if (apiB)
    await app.register(async (signedIn) => {
      requireSignIn(signedIn, { db, limits: config.signInLimits, apiB });
      signedIn.post("/shares/:id/save", async (req, reply) => {
        const share = await authorizedShare(req, reply, { basicPrompt: false });
        const body = saveBody.parse(req.body ?? {});
        const ids = [...new Set(body.ids ?? [share.file_id])];
        checkItemCount(ids);
        for (const id of ids)
          if (!UUID.test(id) || !(await insideShare(db, share, id))) throw notFound("file not found");
        const userId = req.user.userId;
        const updatedAt = new Date().toISOString();
        const saved = await db.tx(async (q) => {
          await lockTableFor(q, userId, "write");
          const sources = await q.query<FileRow>(
            "SELECT * FROM files WHERE id = ANY($1::uuid[]) AND user_id = $2 AND status = 'active' ORDER BY id FOR SHARE",
            [ids, share.user_id],
          );
          if (sources.length !== ids.length) throw notFound("file not found");
          const dest = await makeDirs(q, userId, body.destination ?? "/");
          // Names already taken in the destination get the first free "name (n)", as a copy job's rows do.
          const wishes = sources.map((s) => ({ folder: dest.id, name: s.name }));
          const taken = await takenNames(q, userId, wishes);
          const claimed = new Set(
            wishes.filter((w) => !taken.has(nameKey(w.folder, w.name))).map((w) => nameKey(w.folder, w.name)),
          );
          const clashing = wishes.filter((w) => taken.has(nameKey(w.folder, w.name)));
          const renamed = await freeNames(q, userId, clashing, claimed);
          const names = new Map(clashing.map((w, i) => [w.name, renamed[i] as string]));
          await refuseLocked(q, userId, async () => {
            const to = await drivePath(q, dest.id);
            return [{ path: to }, ...sources.map((s) => ({ path: childPath(to, names.get(s.name) ?? s.name) }))];
          });
          // One request writes about one batch of rows in all; what a folder has beyond its share goes to a job.
          const perItem = {
            ...config,
            deleteBatchRows: Math.max(2, Math.floor(config.deleteBatchRows / sources.length)),
          };
          const tops: FileRow[] = [];
          for (const source of sources)
            tops.push(
              await copyTree(
                q,
                { source, dest: dest.id, name: names.get(source.name) ?? source.name, updatedAt, userId },
                perItem,
              ),
            );
          return { dest, tops };
        });
        jobs.kick();
        return {
          destination: { id: saved.dest.id, path: `/${pathSegments(body.destination ?? "/").join("/")}` },
          items: saved.tops.map(toFileOut),
        };
      });
    });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Queryable } from "../db/index.js";
import type { Deps } from "../deps.js";
import { emitEvent } from "../events/emit.js";
import type { FileRow } from "../files/file-row.js";
import { freeNames, takenNames } from "../files/free-names.js";
import { childPath, drivePath } from "../files/tree.js";
import { Budget, requesterOf } from "../http/budget.js";
import { badRequest, conflict, HttpError, unauthorized } from "../http/errors.js";
import { PasswordCache } from "../shares/password-cache.js";
import { ShareGuard } from "../shares/share-guard.js";
import { sharePassword } from "../shares/share-password.js";
import { makeShareToken, validShareToken } from "../shares/share-token.js";
import { guardWrite, lockTableFor, refuseLocked } from "../webdav/locks.js";
import { receiveBody, writeFile } from "../webdav/store.js";
import { uploadNameProblem } from "./lib/upload-name.js";
import { liveRequest, type RequestRow, remainingOf, toPublic } from "./store.js";

/** Calls one requester (an address, an IPv6 /64) may make to file requests per minute on this instance. */
export const REQUEST_CALLS_PER_MINUTE = 300;
/** The cookie `POST /file-requests/{id}/unlock` sets; its path is the request's own. */
export const REQUEST_COOKIE = "request_token";

const idParams = z.object({ id: z.string().max(64) });
const unlockBody = z.object({ password: z.string().max(1024) });
const uploadQuery = z.object({ name: z.string().max(1024) });

/** Tokens are the share cookie's (share-token.ts) over a name no share id can take. */
const tokenId = (row: RequestRow) => `file-request:${row.id}`;

/** The 429 of the per-request limit on wrong passwords: one sentence, no colon (clients show what follows the last). */
export function tooManyGuessesMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minutes`;
  return `Too many wrong passwords were tried for this file request, so it takes none for now. Try again in ${when}.`;
}

const tooLarge = (max: number) =>
  new HttpError(413, `this file is too large: the request takes files up to ${max} bytes`);
const full = () => conflict("this file request takes no more files");

/**
 * File requests opened by their link, by anyone (public): what the request is (never what the folder holds), unlocking
 * a protected one, and sending a file into its folder. A file is stored as WebDAV's PUT stores one (webdav/store.ts
 * `receiveBody`: parts written and recorded as upload parts, then `contentFromUpload`), under a free name: an existing
 * file of the owner is never replaced. The uploader learns only the name and size their own file got.
 */
export async function publicFileRequestRoutes(app: FastifyInstance, deps: Deps) {
  const { db, jobs } = deps;
  const calls = new Budget(REQUEST_CALLS_PER_MINUTE, 60_000);
  const checks = new Budget(deps.config.passwordChecksPerMinute, 60_000);
  const passwords = new PasswordCache();
  const guard = new ShareGuard(db);
  app.addHook("onClose", () => passwords.close());

  const refuse = (reply: FastifyReply, wait: number) => {
    reply.header("Retry-After", String(wait));
    return new HttpError(429, "too many attempts, try again later");
  };
  const tooManyGuesses = (reply: FastifyReply, wait: number) => {
    reply.header("Retry-After", String(wait));
    return new HttpError(429, tooManyGuessesMessage(wait));
  };
  const spendCall = (req: FastifyRequest, reply: FastifyReply) => {
    const requester = requesterOf(req.ip);
    const wait = calls.wait(requester);
    if (wait > 0) throw refuse(reply, wait);
    calls.spend(requester, 1);
  };

  /**
   * Whether `password` is the request's. Beside this instance's budget of checks per requester, wrong passwords are
   * limited per request in the database, over every address and instance, by the rules shares follow (ShareGuard,
   * keyed by the request's id): 5 per address in 10 minutes, then a back-off for everyone after 20 in an hour.
   */
  async function checkPassword(req: FastifyRequest, reply: FastifyReply, row: RequestRow, password: string) {
    if (!row.password) return;
    const guarded = { id: row.id, password: row.password };
    if (passwords.remembered(password, row.password)) {
      const wait = await guard.recheck(guarded, req.ip);
      if (wait > 0) throw tooManyGuesses(reply, wait);
      return;
    }
    const requester = requesterOf(req.ip);
    const spent = checks.wait(requester);
    if (spent > 0) throw refuse(reply, spent);
    const wait = await guard.begin(guarded, req.ip);
    if (wait > 0) throw tooManyGuesses(reply, wait);
    checks.spend(requester, 1);
    if (!(await passwords.matches(password, row.password))) throw unauthorized("invalid password");
    await guard.succeeded(guarded, req.ip);
  }

  /** A protected request needs its cookie, or the password as shares take it (`Authorization: Basic`). */
  async function requireUnlocked(req: FastifyRequest, reply: FastifyReply, row: RequestRow) {
    if (!row.password) return;
    const token = req.cookies[REQUEST_COOKIE];
    if (token && validShareToken({ id: tokenId(row), password: row.password }, token)) return;
    const password = sharePassword(req.headers.authorization);
    if (password === undefined) throw unauthorized("this file request needs its password");
    if (password === null) throw unauthorized("invalid password");
    await checkPassword(req, reply, row, password);
  }

  app.get("/file-requests/:id", async (req, reply) => {
    spendCall(req, reply);
    const { id } = idParams.parse(req.params);
    return toPublic(await liveRequest(db, id));
  });

  app.post("/file-requests/:id/unlock", async (req, reply) => {
    spendCall(req, reply);
    const { id } = idParams.parse(req.params);
    const row = await liveRequest(db, id);
    const { password } = unlockBody.parse(req.body ?? {});
    if (!row.password) return reply.status(204).send();
    await checkPassword(req, reply, row, password);
    const { token, expiry } = makeShareToken({ id: tokenId(row), password: row.password, expires_at: row.expires_at });
    reply.setCookie(REQUEST_COOKIE, token, {
      path: `/api/file-requests/${row.id}`,
      httpOnly: true,
      sameSite: "strict",
      secure: req.protocol === "https",
      maxAge: Math.max(0, Math.floor((expiry - Date.now()) / 1000)),
    });
    return reply.status(204).send();
  });

  // The file's bytes are the body, whatever its Content-Type, streamed into parts as they arrive (this scope only).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

    raw.post("/file-requests/:id/files", async (req, reply) => {
      spendCall(req, reply);
      const { id } = idParams.parse(req.params);
      const { name } = uploadQuery.parse(req.query);
      const problem = uploadNameProblem(name);
      if (problem) throw badRequest(`invalid name: ${problem}`);
      const header = req.headers["content-length"];
      if (header === undefined) throw new HttpError(411, "Content-Length is required");
      if (!/^\d+$/.test(header)) throw badRequest("invalid Content-Length");
      const length = Number(header);
      const request = await liveRequest(db, id);
      await requireUnlocked(req, reply, request);
      // Refused before a byte is read; the count is checked again when the file is made, as others may finish first.
      if (request.max_file_size !== null && length > request.max_file_size) throw tooLarge(request.max_file_size);
      if (remainingOf(request) === 0) throw full();
      // A WebDAV lock on the folder refuses the file before its bytes are read; on the name it gets, once it is made.
      const targets = (q: Queryable, folderId: string, fileName?: string) => async () => {
        const folder = await drivePath(q, folderId);
        return [{ path: folder }, ...(fileName === undefined ? [] : [{ path: childPath(folder, fileName) }])];
      };
      await db.tx((q) => guardWrite(q, request.user_id, targets(q, request.folder_id)));

      const body = await receiveBody(deps, req, request.user_id, { name, encryptFallback: false });
      let file: FileRow;
      try {
        file = await db.tx(async (q) => {
          // The owner of a request never changes: their lock table is taken before any row lock, as every write does.
          await lockTableFor(q, request.user_id, "write");
          const row = await liveRequest(q, id, true);
          if (remainingOf(row) === 0) throw full();
          // Uploads into one folder take turns here, so two of the same name get different free names.
          await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7060))", [row.folder_id]);
          const content = await body.finish(q);
          if (row.max_file_size !== null && content.size > row.max_file_size) throw tooLarge(row.max_file_size);
          const wish = { folder: row.folder_id, name };
          const taken = await takenNames(q, row.user_id, [wish]);
          const [free] = taken.size > 0 ? await freeNames(q, row.user_id, [wish], new Set()) : [name];
          await refuseLocked(q, request.user_id, targets(q, row.folder_id, free ?? name));
          const made = await writeFile(q, row.user_id, row.folder_id, free ?? name, content, null);
          const [counted] = await q.query<{ uploads: number }>(
            `UPDATE file_requests SET uploads = uploads + 1, bytes = bytes + $2, last_upload_at = now()
             WHERE id = $1 RETURNING uploads`,
            [row.id, made.size],
          );
          await emitEvent(q, row.user_id, "requests.received", {
            id: made.id,
            name: made.name,
            type: "file",
            parentId: row.folder_id,
            request: { id: row.id, title: row.title, folderName: row.folder_name, uploads: counted?.uploads ?? 0 },
          });
          return made;
        });
      } catch (err) {
        await body.abandon();
        throw err;
      }
      jobs.kick();
      return reply.status(201).send({ name: file.name, size: Number(file.size) });
    });
  });
}

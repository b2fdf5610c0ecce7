import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checkBasicApiKey } from "../auth/api-keys.js";
import { requesterKey } from "../auth/requester.js";
import type { AuthUser } from "../auth/session.js";
import { sendFile } from "../content/send-file.js";
import type { Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import type { Deps } from "../deps.js";
import { contentFromParts } from "../files/content.js";
import type { FileRow } from "../files/file-row.js";
import { lockMoves } from "../files/folders.js";
import { trashTrees } from "../files/trash.js";
import { isInsideFolder } from "../files/tree.js";
import { copyTree } from "../files/tree-copy.js";
import { badRequest, forbidden, HttpError, notFound } from "../http/errors.js";
import {
  activeLocks,
  below,
  covering,
  dropLocksWithin,
  endLock,
  ifHolds,
  insertLock,
  type Lock,
  type LockTarget,
  lockTableFor,
  newToken,
  parseIf,
  refreshLock,
  requireTokens,
  submittedTokens,
  timeoutOf,
} from "./locks.js";
import { destinationSegments, hrefOf, isWithin, lockPath, PREFIX, segmentsOf } from "./paths.js";
import {
  activeLockXml,
  applyUpdates,
  deadProps,
  MULTISTATUS_CLOSE,
  MULTISTATUS_OPEN,
  PROP_COLUMNS,
  type PropContext,
  type PropRequest,
  type PropRow,
  propRequest,
  propUpdates,
  quotaOf,
  responseXml,
  wantsDead,
  wantsQuota,
} from "./props.js";
import { child, etagId, etagOf, lookup, makeFolder, parentFolder, receiveBody, writeFile } from "./store.js";
import { MAX_XML_BYTES, parseXml, serializeNodes, type XmlElement, child as xmlChild } from "./xml.js";

/**
 * WebDAV (RFC 4918, classes 1 and 2) at PREFIX on the drive the API serves (docs/architecture.md, "WebDAV").
 * HTTP Basic with an API key as the password; every read and write goes through the drive's own code (files/,
 * uploads/, content/, the trash), so what WebDAV does is what the API would have done.
 */

const METHODS = ["PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK"] as const;
const ALL = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", ...METHODS];
const ALLOW = ALL.join(", ");
/** Children read per query while a PROPFIND streams a folder. */
export const PROPFIND_PAGE = 1000;

/** A request header as one string (repeated ones joined, as RFC 9110 allows for lists). */
const headerOf = (req: FastifyRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

const CHALLENGE = 'Basic realm="Drive WebDAV", charset="UTF-8"';

/** Registers the WebDAV methods on the server and the routes under PREFIX (one block in app.ts). */
export async function registerWebdav(app: FastifyInstance, deps: Deps): Promise<void> {
  for (const method of METHODS) app.addHttpMethod(method, { hasBody: true, overrideExisting: true });
  await app.register(webdavRoutes, { ...deps, prefix: PREFIX });
}

async function webdavRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config, blobs, jobs } = deps;
  const users = new WeakMap<FastifyRequest, AuthUser>();
  const userOf = (req: FastifyRequest) => {
    const user = users.get(req);
    if (!user) throw new Error("WebDAV request without a user");
    return user.userId;
  };

  // Bodies stay unread streams: PUT streams them into parts, XML bodies are read by readXml.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

  app.addHook("onRequest", async (req, reply) => {
    reply.header("DAV", "1, 2");
    if (config.webdav.requireTls && req.protocol !== "https")
      throw forbidden("this server takes WebDAV over https only (WEBDAV_REQUIRE_TLS)");
    // Windows asks OPTIONS before it sends credentials.
    if (req.method === "OPTIONS") return;
    const requester = requesterKey(req.ip);
    const check = await checkBasicApiKey(db, req.headers.authorization, requester, config.signInLimits);
    if (check?.result === "ok") {
      users.set(req, check.user);
      return;
    }
    if (check?.result === "address limit")
      throw new HttpError(429, `too many wrong API keys or sign-in codes from your address (${requester}) today`);
    reply.header("WWW-Authenticate", CHALLENGE);
    throw new HttpError(401, check ? `API key ${check.result}` : "sign in with an API key as the password");
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const segments = segmentsOf(req.url);
    switch (req.method) {
      case "OPTIONS":
        return reply.header("Allow", ALLOW).header("MS-Author-Via", "DAV").header("Content-Length", 0).send();
      case "GET":
      case "HEAD":
        return get(req, reply, segments);
      case "PUT":
        return put(req, reply, segments);
      case "MKCOL":
        return mkcol(req, reply, segments);
      case "DELETE":
        return remove(req, reply, segments);
      case "PROPFIND":
        return propfind(req, reply, segments);
      case "PROPPATCH":
        return proppatch(req, reply, segments);
      case "COPY":
      case "MOVE":
        return copyOrMove(req, reply, segments, req.method === "MOVE");
      case "LOCK":
        return lock(req, reply, segments);
      case "UNLOCK":
        return unlock(req, reply, segments);
      default:
        return reply.header("Allow", ALLOW).status(405).send();
    }
  };
  app.route({ method: ALL, url: "/", handler });
  app.route({ method: ALL, url: "/*", handler });

  /** The request's XML body, or null when it has none; 400 when it is not XML, 413 when too large. */
  async function readXml(req: FastifyRequest): Promise<XmlElement | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req.raw as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_XML_BYTES) throw new HttpError(413, `XML body too large: at most ${MAX_XML_BYTES} bytes`);
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    return text.trim() === "" ? null : parseXml(text);
  }

  const hasBody = (req: FastifyRequest) =>
    Boolean(req.headers["transfer-encoding"]) || Number(req.headers["content-length"] ?? 0) > 0;

  /** RFC 9110 If-Match / If-None-Match / If-Unmodified-Since on a write (GET's If-None-Match is send-file's). */
  function preconditions(req: FastifyRequest, row: FileRow | null, write: boolean) {
    const list = (h: string | undefined) => (h ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
    const ifMatch = req.headers["if-match"];
    if (ifMatch !== undefined && (!row || !list(ifMatch).some((t) => t === "*" || t === etagOf(row))))
      throw new HttpError(412, "If-Match failed");
    const noneMatch = req.headers["if-none-match"];
    if (write && noneMatch !== undefined && row && list(noneMatch).some((t) => t === "*" || t === etagOf(row)))
      throw new HttpError(412, "If-None-Match failed");
    const since = req.headers["if-unmodified-since"];
    if (since && row && row.updated_at.getTime() > Date.parse(since) + 999)
      throw new HttpError(412, "If-Unmodified-Since failed");
  }

  /**
   * The `If` header and locks, for a write touching `targets`: 412 when the header's conditions do not hold, then 423
   * when a lock there needs a token the request did not submit. The caller took the lock table shared first in its
   * transaction, before its row locks (so they and a LOCK's come in one order). Returns the tokens of the user's locks
   * the request submitted.
   */
  async function checkLocks(
    q: Queryable,
    req: FastifyRequest,
    userId: number,
    path: string,
    targets: LockTarget[],
  ): Promise<string[]> {
    const locks = await activeLocks(q, userId);
    const header = headerOf(req, "if");
    const lists = header ? parseIf(header) : null;
    const tokens = lists ? submittedTokens(lists) : new Set<string>();
    if (lists) {
      const etag = async (p: string) => {
        const row = await lookup(q, userId, p.split("/").filter(Boolean));
        return row ? etagOf(row) : null;
      };
      if (!(await ifHolds(lists, path, locks, etag))) throw new HttpError(412, "the If header's conditions failed");
    }
    requireTokens(locks, tokens, targets);
    return locks.filter((l) => tokens.has(l.token)).map((l) => l.token);
  }

  async function get(req: FastifyRequest, reply: FastifyReply, segments: string[]) {
    const row = await lookup(db, userOf(req), segments);
    if (!row) throw notFound();
    preconditions(req, row, false);
    if (row.type === "folder") {
      reply.header("ETag", etagOf(row)).type("text/plain; charset=utf-8");
      return reply.send(req.method === "HEAD" ? undefined : "This is a folder: open it with a WebDAV client.\n");
    }
    // send-file hashes `id + size` into the ETag: given etagId, its ETag is etagOf's, which moves with every change.
    return sendFile(req, reply, blobs, { ...row, id: etagId(row) }, { download: false });
  }

  async function put(req: FastifyRequest, reply: FastifyReply, segments: string[]) {
    const userId = userOf(req);
    if (segments.length === 0) throw new HttpError(405, "the top folder is not a file");
    const path = lockPath(segments);
    const parentPath = lockPath(segments.slice(0, -1));
    const name = segments[segments.length - 1] ?? "";
    // Refuse early what would be refused after the upload, so a client does not send gigabytes for nothing.
    await db.tx(async (q) => {
      await lockTableFor(q, userId, "write");
      const row = await lookup(q, userId, segments);
      if (row?.type === "folder") throw new HttpError(405, "a folder cannot be replaced by a file");
      if (!row) await parentFolder(q, userId, segments);
      preconditions(req, row, true);
      await checkLocks(q, req, userId, path, [{ path }, { path: parentPath }]);
    });
    const body = await receiveBody(deps, req, userId);
    let created = false;
    let row: FileRow;
    try {
      row = await db.tx(async (q) => {
        await lockTableFor(q, userId, "write");
        const parent = await parentFolder(q, userId, segments);
        const existing = await child(q, userId, parent.id, name, " FOR UPDATE");
        if (existing?.type === "folder") throw new HttpError(405, "a folder cannot be replaced by a file");
        preconditions(req, existing, true);
        await checkLocks(q, req, userId, path, [{ path }, { path: parentPath }]);
        created = !existing;
        return writeFile(q, userId, parent.id, name, await body.finish(q), existing);
      });
    } catch (err) {
      await body.abandon();
      throw err;
    }
    jobs.kick();
    return reply
      .status(created ? 201 : 204)
      .header("ETag", etagOf(row))
      .send();
  }

  async function mkcol(req: FastifyRequest, reply: FastifyReply, segments: string[]) {
    const userId = userOf(req);
    if (hasBody(req)) throw new HttpError(415, "MKCOL takes no body");
    if (segments.length === 0) throw new HttpError(405, "the top folder exists");
    const path = lockPath(segments);
    await db.tx(async (q) => {
      await lockTableFor(q, userId, "write");
      if (await lookup(q, userId, segments)) throw new HttpError(405, "it exists already");
      const parent = await parentFolder(q, userId, segments);
      await checkLocks(q, req, userId, path, [{ path }, { path: lockPath(segments.slice(0, -1)) }]);
      await makeFolder(q, userId, parent.id, segments[segments.length - 1] ?? "");
    });
    return reply.status(201).send();
  }

  /** Moves `row` (locked for update) to the trash; a caller runs it in its transaction. */
  async function trash(q: Queryable, userId: number, row: FileRow, path: string) {
    await trashTrees(q, [row], config.deleteBatchRows);
    await dropLocksWithin(q, userId, path);
  }

  async function remove(req: FastifyRequest, reply: FastifyReply, segments: string[]) {
    const userId = userOf(req);
    if (segments.length === 0) throw forbidden("the top folder cannot be deleted");
    const path = lockPath(segments);
    await db.tx(async (q) => {
      await lockTableFor(q, userId, "write");
      const found = await lookup(q, userId, segments);
      if (!found) throw notFound();
      const row = await child(q, userId, found.parent_id ?? "", found.name, " FOR UPDATE");
      if (!row) throw notFound();
      preconditions(req, row, true);
      await checkLocks(q, req, userId, path, [{ path, tree: true }, { path: lockPath(segments.slice(0, -1)) }]);
      await trash(q, userId, row, path);
    });
    jobs.kick();
    return reply.status(204).send();
  }

  async function propfind(req: FastifyRequest, reply: FastifyReply, segments: string[]) {
    const userId = userOf(req);
    const depth = String(req.headers.depth ?? "infinity").toLowerCase();
    if (depth !== "0" && depth !== "1") {
      reply.status(403).type("application/xml; charset=utf-8");
      return reply.send(
        '<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>',
      );
    }
    const request = propRequest(await readXml(req));
    const row = await lookup(db, userId, segments);
    if (!row) throw notFound();
    const ctx: PropContext = {
      locks: await activeLocks(db, userId),
      dead: wantsDead(request) ? await deadProps(db, [row.id]) : new Map(),
      ...(wantsQuota(request) && { quota: await quotaOf(db, config, userId) }),
    };
    const first = responseXml(row, segments, request, ctx);
    const children = depth === "1" && row.type === "folder" ? pages(row.id, segments, request, ctx) : null;
    async function* body() {
      yield MULTISTATUS_OPEN + first;
      if (children) yield* children;
      yield MULTISTATUS_CLOSE;
    }
    return reply
      .status(207)
      .type("application/xml; charset=utf-8")
      .send(Readable.from(body(), { objectMode: false }));
  }

  /**
   * A folder's children as `<D:response>` text, a page of PROPFIND_PAGE rows per chunk, in the order of the
   * `files_parent_name` index (type, then name as people sort it), each page found by keyset from the last.
   */
  async function* pages(folderId: string, segments: string[], request: PropRequest, ctx: PropContext) {
    let after: { type: string; name_key: string; id: string } | null = null;
    for (;;) {
      const rows: (PropRow & { name_key: string })[] = await db.query(
        `SELECT ${PROP_COLUMNS}, name_key FROM files WHERE parent_id = $1 AND status = 'active'
         ${after ? "AND (type, name_key, id) > ($3, $4, $5::uuid)" : ""} ORDER BY type, name_key, id LIMIT $2`,
        after ? [folderId, PROPFIND_PAGE, after.type, after.name_key, after.id] : [folderId, PROPFIND_PAGE],
      );
      if (rows.length === 0) return;
      const dead = wantsDead(request)
        ? await deadProps(
            db,
            rows.map((r) => r.id),
          )
        : ctx.dead;
      yield rows.map((r) => responseXml(r, [...segments, r.name], request, { ...ctx, dead })).join("");
      if (rows.length < PROPFIND_PAGE) return;
      const last = rows[rows.length - 1];
      if (!last) return;
      after = { type: last.type, name_key: last.name_key, id: last.id };
    }
  }

  async function proppatch(req: FastifyRequest, reply: FastifyReply, segments: string[]) {
    const userId = userOf(req);
    const updates = propUpdates(await readXml(req));
    const path = lockPath(segments);
    const xml = await db.tx(async (q) => {
      await lockTableFor(q, userId, "write");
      const row = await lookup(q, userId, segments);
      if (!row) throw notFound();
      preconditions(req, row, true);
      await checkLocks(q, req, userId, path, [{ path }]);
      return applyUpdates(q, row.id, hrefOf(segments, row.type === "folder"), updates);
    });
    return reply.status(207).type("application/xml; charset=utf-8").send(xml);
  }

  async function copyOrMove(req: FastifyRequest, reply: FastifyReply, segments: string[], move: boolean) {
    const userId = userOf(req);
    const target = destinationSegments(headerOf(req, "destination"));
    const overwrite = String(req.headers.overwrite ?? "T").toUpperCase() !== "F";
    const depth = String(req.headers.depth ?? "infinity").toLowerCase();
    if (segments.length === 0 || target.length === 0) throw forbidden("the top folder cannot be copied or moved");
    const from = lockPath(segments);
    const to = lockPath(target);
    if (from === to) throw forbidden("the source and the destination are the same");
    const created = await db.tx(async (q) => {
      await lockTableFor(q, userId, "write");
      const found = await lookup(q, userId, segments);
      if (!found) throw notFound();
      if (found.type === "folder" && move && depth !== "infinity")
        throw badRequest("a folder moves with Depth: infinity only");
      if (found.type === "folder" && depth !== "0" && depth !== "infinity")
        throw badRequest("Depth must be 0 or infinity");
      if (found.type === "folder" && isWithin(to, from))
        throw forbidden("a folder cannot be copied or moved into itself");
      if (move && found.type === "folder") await lockMoves(q, userId);
      const source = await child(q, userId, found.parent_id ?? "", found.name, move ? " FOR UPDATE" : " FOR SHARE");
      if (!source) throw notFound();
      const parent = await parentFolder(q, userId, target);
      if (found.type === "folder" && (await isInsideFolder(q, parent.id, source.id)))
        throw forbidden("a folder cannot be copied or moved into itself");
      const name = target[target.length - 1] ?? "";
      const existing = await child(q, userId, parent.id, name, " FOR UPDATE");
      preconditions(req, source, false);
      const passed = await checkLocks(q, req, userId, from, [
        ...(move ? [{ path: from, tree: true }, { path: lockPath(segments.slice(0, -1)) }] : []),
        { path: to, tree: true },
        { path: lockPath(target.slice(0, -1)) },
      ]);
      if (existing) {
        if (!overwrite) throw new HttpError(412, "the destination exists and Overwrite is F");
        await trash(q, userId, existing, to);
      }
      if (move) {
        await q.query("UPDATE files SET parent_id = $2, name = $3, name_key = $4 WHERE id = $1", [
          source.id,
          parent.id,
          name,
          nameSortKey(name),
        ]);
        await dropLocksWithin(q, userId, from);
      } else {
        const copy =
          source.type === "folder" && depth === "0"
            ? await makeFolder(q, userId, parent.id, name)
            : await copyTree(
                q,
                // A big folder's job passes the locks this request passed (and no lock taken since).
                { source, dest: parent.id, name, updatedAt: new Date().toISOString(), userId, lockTokens: passed },
                config,
              );
        await q.query(
          "INSERT INTO webdav_props (file_id, ns, name, value) SELECT $2, ns, name, value FROM webdav_props WHERE file_id = $1",
          [source.id, copy.id],
        );
      }
      return !existing;
    });
    jobs.kick();
    return reply.status(created ? 201 : 204).send();
  }

  async function lock(req: FastifyRequest, reply: FastifyReply, segments: string[]) {
    const userId = userOf(req);
    const path = lockPath(segments);
    const seconds = timeoutOf(req.headers.timeout as string | undefined);
    const body = await readXml(req);
    if (!body) {
      // A refresh: the If header names the lock.
      const header = headerOf(req, "if");
      if (!header) throw badRequest("a LOCK without a body refreshes a lock, and needs an If header naming it");
      const tokens = submittedTokens(parseIf(header));
      const refreshed = await db.tx(async (q) => {
        await lockTableFor(q, userId, "grant");
        const mine = covering(await activeLocks(q, userId), path).find((l) => tokens.has(l.token));
        if (!mine) throw new HttpError(412, "no lock of this resource has the token given");
        return refreshLock(q, userId, mine.token, seconds);
      });
      if (!refreshed) throw new HttpError(412, "the lock ended meanwhile");
      return sendLock(reply, refreshed, 200);
    }
    if (body.ns !== "DAV:" || body.local !== "lockinfo") throw badRequest("LOCK body must be a DAV:lockinfo");
    const scope = xmlChild(body, "lockscope");
    const exclusive = scope ? Boolean(xmlChild(scope, "exclusive")) : true;
    if (scope && !exclusive && !xmlChild(scope, "shared")) throw badRequest("lockscope must be exclusive or shared");
    const type = xmlChild(body, "locktype");
    if (type && !xmlChild(type, "write")) throw new HttpError(422, "only write locks exist");
    const ownerEl = xmlChild(body, "owner");
    const owner = ownerEl ? serializeNodes(ownerEl.children) : "";
    const depth = String(req.headers.depth ?? "infinity").toLowerCase();
    if (depth !== "0" && depth !== "infinity") throw badRequest("Depth of a LOCK must be 0 or infinity");
    const deep = depth === "infinity";
    const { granted, created } = await db.tx(async (q) => {
      await lockTableFor(q, userId, "grant");
      const locks = await activeLocks(q, userId);
      const clash = [...covering(locks, path), ...(deep ? below(locks, path) : [])].find(
        (l) => exclusive || l.exclusive,
      );
      if (clash) throw new HttpError(423, `locked already: ${clash.path}`);
      let row = await lookup(q, userId, segments);
      let made = false;
      if (!row) {
        // RFC 4918 §7.3: locking an unmapped URL creates an empty file there.
        const parent = await parentFolder(q, userId, segments);
        const ifHeader = headerOf(req, "if");
        requireTokens(locks, submittedTokens(ifHeader ? parseIf(ifHeader) : []), [
          { path: lockPath(segments.slice(0, -1)) },
        ]);
        const content = await contentFromParts(q, blobs, userId, { parts: [], size: 0 });
        row = await writeFile(q, userId, parent.id, segments[segments.length - 1] ?? "", content, null);
        made = true;
      }
      preconditions(req, row, false);
      const lockRow = await insertLock(q, userId, {
        token: newToken(),
        path,
        deep: deep && row.type === "folder",
        exclusive,
        owner,
        timeout_seconds: seconds,
      });
      return { granted: lockRow, created: made };
    });
    // Granting swept the user's timed-out locks: a job one held is due now.
    jobs.kick();
    return sendLock(reply, granted, created ? 201 : 200);
  }

  function sendLock(reply: FastifyReply, lockRow: Lock, status: number) {
    return reply
      .status(status)
      .header("Lock-Token", `<${lockRow.token}>`)
      .type("application/xml; charset=utf-8")
      .send(
        `<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLockXml(
          lockRow,
        )}</D:lockdiscovery></D:prop>`,
      );
  }

  async function unlock(req: FastifyRequest, reply: FastifyReply, segments: string[]) {
    const userId = userOf(req);
    const token = /^\s*<([^>]+)>\s*$/.exec(String(req.headers["lock-token"] ?? ""))?.[1];
    if (!token) throw badRequest("UNLOCK needs a Lock-Token header");
    const path = lockPath(segments);
    await db.tx(async (q) => {
      await lockTableFor(q, userId, "grant");
      const mine = covering(await activeLocks(q, userId), path).find((l) => l.token === token);
      if (!mine) throw new HttpError(409, "no lock of this resource has that token");
      await endLock(q, userId, mine.token);
    });
    jobs.kick();
    return reply.status(204).send();
  }
}

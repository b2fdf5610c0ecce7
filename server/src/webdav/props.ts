import fs from "node:fs/promises";
import type { Config } from "../config.js";
import type { Queryable } from "../db/index.js";
import type { FileRow } from "../files/file-row.js";
import { badRequest, HttpError } from "../http/errors.js";
import { covering, type Lock } from "./locks.js";
import { hrefOf, lockPath } from "./paths.js";
import { etagOf } from "./store.js";
import { child, DAV, elements, escapeXml, serializeNodes, type XmlElement } from "./xml.js";

/** The columns PROPFIND reads (not `parts`, which can be large). */
export const PROP_COLUMNS = "id, name, type, mime_type, size, updated_at, created_at, parent_id";
export type PropRow = Pick<FileRow, "id" | "name" | "type" | "mime_type" | "size" | "updated_at" | "created_at">;

interface PropName {
  ns: string;
  local: string;
}
export type PropRequest =
  | { kind: "all"; include: PropName[] }
  | { kind: "names" }
  | { kind: "some"; props: PropName[] };

/** Most dead properties one item may carry, and the longest value. */
const MAX_PROPS_PER_ITEM = 1000;
const MAX_VALUE_BYTES = 64 * 1024;

const LIVE = [
  "creationdate",
  "displayname",
  "getcontentlength",
  "getcontenttype",
  "getetag",
  "getlastmodified",
  "resourcetype",
  "supportedlock",
  "lockdiscovery",
] as const;
/** RFC 4331: reported only when asked for by name, never for allprop. */
const QUOTA = ["quota-available-bytes", "quota-used-bytes"] as const;

/** What a PROPFIND body asks for; an empty body is allprop (RFC 4918 §9.1). */
export function propRequest(body: XmlElement | null): PropRequest {
  if (!body) return { kind: "all", include: [] };
  if (body.ns !== DAV || body.local !== "propfind") throw badRequest("PROPFIND body must be a DAV:propfind");
  const [first] = elements(body);
  if (!first || first.ns !== DAV) throw badRequest("PROPFIND needs prop, allprop or propname");
  if (first.local === "propname") return { kind: "names" };
  if (first.local === "allprop") {
    const include = child(body, "include");
    return { kind: "all", include: include ? elements(include).map(({ ns, local }) => ({ ns, local })) : [] };
  }
  if (first.local === "prop") return { kind: "some", props: elements(first).map(({ ns, local }) => ({ ns, local })) };
  throw badRequest("PROPFIND needs prop, allprop or propname");
}

/** What answering a PROPFIND needs besides the rows: locks, quota, dead properties. */
export interface PropContext {
  locks: Lock[];
  quota?: { used: number; available: number | null };
  dead: Map<string, DeadProp[]>;
}
export interface DeadProp {
  ns: string;
  name: string;
  value: string;
}

export async function deadProps(q: Queryable, ids: string[]): Promise<Map<string, DeadProp[]>> {
  const out = new Map<string, DeadProp[]>();
  if (ids.length === 0) return out;
  const rows = await q.query<DeadProp & { file_id: string }>(
    "SELECT file_id, ns, name, value FROM webdav_props WHERE file_id = ANY($1::uuid[]) ORDER BY file_id, ns, name",
    [ids],
  );
  for (const r of rows) {
    const list = out.get(r.file_id) ?? [];
    list.push({ ns: r.ns, name: r.name, value: r.value });
    out.set(r.file_id, list);
  }
  return out;
}

export const wantsDead = (req: PropRequest) =>
  req.kind !== "some" || req.props.some((p) => p.ns !== DAV || !(LIVE as readonly string[]).includes(p.local));
export const wantsQuota = (req: PropRequest) =>
  req.kind === "some" && req.props.some((p) => p.ns === DAV && (QUOTA as readonly string[]).includes(p.local));

/** RFC 4331 numbers: bytes of the user's files, and (on disk storage) the room left on the data folder's disk. */
export async function quotaOf(q: Queryable, config: Config, userId: number) {
  const [row] = await q.query<{ used: number }>(
    "SELECT coalesce(sum(bytes), 0)::bigint AS used FROM scope_counts WHERE kind = 2 AND scope = $1 AND seg = 1",
    [String(userId)],
  );
  let available: number | null = null;
  if (config.storage.kind === "disk") {
    const stat = await fs.statfs(config.dataDir);
    available = stat.bavail * stat.bsize;
  }
  return { used: Number(row?.used ?? 0), available };
}

export function activeLockXml(lock: Lock): string {
  return `<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope>${
    lock.exclusive ? "<D:exclusive/>" : "<D:shared/>"
  }</D:lockscope><D:depth>${lock.deep ? "infinity" : "0"}</D:depth>${
    lock.owner ? `<D:owner>${lock.owner}</D:owner>` : ""
  }<D:timeout>Second-${Math.max(0, Math.round((lock.expires_at.getTime() - Date.now()) / 1000))}</D:timeout><D:locktoken><D:href>${escapeXml(
    lock.token,
  )}</D:href></D:locktoken><D:lockroot><D:href>${escapeXml(
    hrefOf(lock.path.split("/").filter(Boolean), false),
  )}</D:href></D:lockroot></D:activelock>`;
}

const SUPPORTED_LOCK =
  "<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>" +
  "<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>";

/** A live property's value as XML, or undefined when this item has no such property. */
function liveValue(local: string, row: PropRow, segments: string[], ctx: PropContext): string | undefined {
  const folder = row.type === "folder";
  switch (local) {
    case "creationdate":
      return row.created_at.toISOString();
    case "displayname":
      return escapeXml(segments[segments.length - 1] ?? "");
    case "getcontentlength":
      return folder ? undefined : String(row.size ?? 0);
    case "getcontenttype":
      return folder ? undefined : escapeXml(row.mime_type || "application/octet-stream");
    case "getetag":
      return escapeXml(etagOf(row));
    case "getlastmodified":
      return row.updated_at.toUTCString();
    case "resourcetype":
      return folder ? "<D:collection/>" : "";
    case "supportedlock":
      return SUPPORTED_LOCK;
    case "lockdiscovery":
      return covering(ctx.locks, lockPath(segments)).map(activeLockXml).join("");
    case "quota-used-bytes":
      return ctx.quota ? String(ctx.quota.used) : undefined;
    case "quota-available-bytes":
      return ctx.quota?.available == null ? undefined : String(ctx.quota.available);
    default:
      return undefined;
  }
}

const element = (ns: string, local: string, value: string | null) => {
  const name = ns === DAV ? `D:${local}` : ns ? `P:${local}` : local;
  const decl = ns === DAV ? "" : ns ? ` xmlns:P="${escapeXml(ns)}"` : ' xmlns=""';
  return value === null || value === "" ? `<${name}${decl}/>` : `<${name}${decl}>${value}</${name}>`;
};

const propstat = (props: string, status: string) =>
  `<D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 ${status}</D:status></D:propstat>`;

/** One `<D:response>` of a multistatus for `row` at `segments`. */
export function responseXml(row: PropRow, segments: string[], req: PropRequest, ctx: PropContext): string {
  const dead = ctx.dead.get(row.id) ?? [];
  const found: string[] = [];
  const missing: string[] = [];
  if (req.kind === "names") {
    for (const local of LIVE)
      if (liveValue(local, row, segments, ctx) !== undefined) found.push(element(DAV, local, null));
    for (const p of dead) found.push(element(p.ns, p.name, null));
  } else {
    const names: PropName[] =
      req.kind === "some" ? req.props : [...LIVE.map((local) => ({ ns: DAV, local })), ...req.include];
    const seen = new Set<string>();
    for (const { ns, local } of names) {
      const key = `${ns}\n${local}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const live = ns === DAV ? liveValue(local, row, segments, ctx) : undefined;
      const deadValue = dead.find((p) => p.ns === ns && p.name === local)?.value;
      const value = live ?? deadValue;
      if (value !== undefined) found.push(element(ns, local, value));
      else if (req.kind === "some" || ns !== DAV || !(LIVE as readonly string[]).includes(local))
        missing.push(element(ns, local, null));
    }
    if (req.kind === "all")
      for (const p of dead) if (!seen.has(`${p.ns}\n${p.name}`)) found.push(element(p.ns, p.name, p.value));
  }
  const href = escapeXml(hrefOf(segments, row.type === "folder"));
  return `<D:response><D:href>${href}</D:href>${found.length ? propstat(found.join(""), "200 OK") : ""}${
    missing.length ? propstat(missing.join(""), "404 Not Found") : ""
  }</D:response>`;
}

export const MULTISTATUS_OPEN = '<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">';
export const MULTISTATUS_CLOSE = "</D:multistatus>";

type Update = { op: "set" | "remove"; ns: string; name: string; value: string };

/** The set/remove instructions of a PROPPATCH body, in document order (RFC 4918 §9.2). */
export function propUpdates(body: XmlElement | null): Update[] {
  if (!body || body.ns !== DAV || body.local !== "propertyupdate")
    throw badRequest("PROPPATCH body must be a DAV:propertyupdate");
  const updates: Update[] = [];
  for (const action of elements(body)) {
    if (action.ns !== DAV || (action.local !== "set" && action.local !== "remove")) continue;
    const prop = child(action, "prop");
    if (!prop) throw badRequest(`DAV:${action.local} needs a DAV:prop`);
    for (const p of elements(prop))
      updates.push({ op: action.local, ns: p.ns, name: p.local, value: serializeNodes(p.children) });
  }
  if (updates.length === 0) throw badRequest("PROPPATCH changes nothing");
  return updates;
}

/**
 * Applies a PROPPATCH all or nothing: a protected (DAV:) property fails with 403 and everything else with 424
 * (RFC 4918 §9.2); otherwise every instruction is applied in order. Returns the multistatus body.
 */
export async function applyUpdates(q: Queryable, fileId: string, href: string, updates: Update[]): Promise<string> {
  const refused = updates.filter((u) => u.ns === DAV);
  const tooLong = updates.find((u) => Buffer.byteLength(u.value) > MAX_VALUE_BYTES);
  if (tooLong) throw new HttpError(507, `property value too large: at most ${MAX_VALUE_BYTES} bytes`);
  if (refused.length === 0) {
    for (const u of updates) {
      if (u.op === "set")
        await q.query(
          `INSERT INTO webdav_props (file_id, ns, name, value) VALUES ($1, $2, $3, $4)
           ON CONFLICT (file_id, ns, name) DO UPDATE SET value = EXCLUDED.value`,
          [fileId, u.ns, u.name, u.value],
        );
      else
        await q.query("DELETE FROM webdav_props WHERE file_id = $1 AND ns = $2 AND name = $3", [fileId, u.ns, u.name]);
    }
    const [count] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM webdav_props WHERE file_id = $1", [
      fileId,
    ]);
    if ((count?.n ?? 0) > MAX_PROPS_PER_ITEM)
      throw new HttpError(507, `too many properties: at most ${MAX_PROPS_PER_ITEM} per item`);
  }
  const stats =
    refused.length === 0
      ? propstat(updates.map((u) => element(u.ns, u.name, null)).join(""), "200 OK")
      : propstat(refused.map((u) => element(u.ns, u.name, null)).join(""), "403 Forbidden") +
        (refused.length < updates.length
          ? propstat(
              updates
                .filter((u) => u.ns !== DAV)
                .map((u) => element(u.ns, u.name, null))
                .join(""),
              "424 Failed Dependency",
            )
          : "");
  return `${MULTISTATUS_OPEN}<D:response><D:href>${escapeXml(href)}</D:href>${stats}</D:response>${MULTISTATUS_CLOSE}`;
}

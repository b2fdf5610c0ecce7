/**
 * What one message of the event stream means for this tab (docs/api.md, "Live events"): Teldrive main's `Event`
 * (`files.*`, `uploads.progress`, `jobs.progress`) or our `reload`. Pure, so the rules are tested without a server.
 */

export interface LiveSource {
  id: string;
  name: string;
  type?: string;
  parentId?: string;
  destParentId?: string;
  progress?: { bytes?: number; parts?: number };
  /** `requests.received` (ours): the file request a file arrived through. */
  request?: { id?: string; title?: string; folderName?: string };
}

export type LiveAction =
  | { kind: "files"; created?: string }
  | { kind: "reload" }
  | { kind: "upload"; id: string; name: string; bytes: number }
  | { kind: "jobs" }
  | { kind: "request"; requestId: string; title: string; folderName: string; fileName: string }
  | { kind: "none" };

export function actionOf(data: string): LiveAction {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { kind: "none" };
  }
  if (typeof parsed !== "object" || parsed === null) return { kind: "none" };
  const { type, source } = parsed as { type?: unknown; source?: LiveSource };
  if (type === "reload") return { kind: "reload" };
  if (typeof type !== "string") return { kind: "none" };
  if (type.startsWith("files."))
    return type === "files.created" && typeof source?.name === "string"
      ? { kind: "files", created: source.name }
      : { kind: "files" };
  if (type === "jobs.progress") return { kind: "jobs" };
  if (type === "requests.received" && typeof source?.request?.id === "string")
    return {
      kind: "request",
      requestId: source.request.id,
      title: source.request.title ?? "",
      folderName: source.request.folderName ?? "",
      fileName: typeof source.name === "string" ? source.name : "",
    };
  if (type === "uploads.progress" && source && typeof source.id === "string")
    return {
      kind: "upload",
      id: source.id,
      name: typeof source.name === "string" ? source.name : "",
      bytes: Number(source.progress?.bytes ?? 0) || 0,
    };
  return { kind: "none" };
}

/** An upload another tab or device is sending, as its progress events told. */
export interface RemoteUpload {
  id: string;
  name: string;
  bytes: number;
  /** When its last progress came (ms). */
  at: number;
}

/** Without progress for this long an upload is taken as finished or abandoned. */
export const REMOTE_UPLOAD_QUIET_MS = 60_000;

/** The uploads list after a progress event, an arrived file (`files`), or time passing. */
export function nextRemoteUploads(
  list: readonly RemoteUpload[],
  change: { upload?: Omit<RemoteUpload, "at">; now: number; own?: ReadonlySet<string> },
): RemoteUpload[] {
  const fresh = list.filter((u) => change.now - u.at < REMOTE_UPLOAD_QUIET_MS);
  const { upload } = change;
  if (!upload || change.own?.has(upload.id)) return fresh.length === list.length ? [...list] : fresh;
  const rest = fresh.filter((u) => u.id !== upload.id);
  return [...rest, { ...upload, at: change.now }];
}

/** An upload's file appeared: it is no longer in progress. */
export function withoutFinished(list: readonly RemoteUpload[], createdName: string): RemoteUpload[] {
  return list.filter((u) => u.name !== createdName);
}

import type { QueryClient } from "@tanstack/react-query";
import { buildUrl } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { actionOf, nextRemoteUploads, type RemoteUpload, withoutFinished } from "./lib/live-message";
import { ownUploads } from "./own-uploads";
import { RequestArrivals } from "./request-arrivals";

/** Changes arriving together are answered with one refetch, at most this long after the first. */
const SETTLE_MS = 150;
/** Teldrive main's types, for a server that sends them as named SSE events (ours sends plain messages). */
const NAMED = [
  "files.created",
  "files.updated",
  "files.deleted",
  "files.moved",
  "files.copied",
  "uploads.progress",
  "jobs.progress",
  "requests.received",
  "reload",
];

let remote: RemoteUpload[] = [];
const uploadListeners = new Set<() => void>();
let quietTimer: ReturnType<typeof setTimeout> | undefined;

function setRemote(next: RemoteUpload[]) {
  remote = next;
  for (const listener of uploadListeners) listener();
  clearTimeout(quietTimer);
  // Uploads that fall silent leave the list without another event.
  if (remote.length > 0)
    quietTimer = setTimeout(() => setRemote(nextRemoteUploads(remote, { now: Date.now() })), 5_000);
}

/** Uploads in progress in other tabs and devices (for useSyncExternalStore). */
export const remoteUploads = {
  get: () => remote,
  subscribe(listener: () => void) {
    uploadListeners.add(listener);
    return () => {
      uploadListeners.delete(listener);
    };
  },
};

/**
 * The tab's one connection to `GET /events/stream`, shared by every view: a change made elsewhere (another tab,
 * device, WebDAV, rclone, another instance) refetches the cached file queries — lists of both API generations,
 * search, trash, storage, details — in place, so what is on screen (scroll, selection, an open rename) stays.
 * The browser reconnects by itself and sends `Last-Event-ID`; the server replays what was missed or says `reload`.
 * Returns the stop.
 */
export function connectLiveEvents(queryClient: QueryClient): () => void {
  const source = new EventSource(buildUrl("/events/stream"));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let uploadsToo = false;
  const arrivals = new RequestArrivals();
  const refetchSoon = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY });
      if (uploadsToo) void queryClient.invalidateQueries({ queryKey: ["uploads"] });
      uploadsToo = false;
    }, SETTLE_MS);
  };
  const onMessage = (message: MessageEvent<string>) => {
    const action = actionOf(message.data);
    if (action.kind === "files") {
      if (action.created && remote.length > 0) setRemote(withoutFinished(remote, action.created));
      refetchSoon();
    } else if (action.kind === "reload") {
      uploadsToo = true;
      refetchSoon();
    } else if (action.kind === "request") {
      arrivals.add(action);
    } else if (action.kind === "upload") {
      setRemote(nextRemoteUploads(remote, { upload: action, now: Date.now(), own: ownUploads }));
      uploadsToo = true;
    }
  };
  source.addEventListener("message", onMessage);
  // What changed before the stream was open: read again what is shown, once.
  source.addEventListener("open", () => void queryClient.invalidateQueries({ queryKey: ["files"] }), { once: true });
  for (const name of NAMED) source.addEventListener(name, onMessage as EventListener);
  return () => {
    clearTimeout(timer);
    arrivals.stop();
    source.close();
  };
}

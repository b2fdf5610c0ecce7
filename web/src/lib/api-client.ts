/** The one fetch wrapper: `/api` base, JSON, a real 180 s time-out, errors that carry the response. */
export const API_BASE = "/api";
export const REQUEST_TIMEOUT_MS = 180_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    /** Parsed JSON body when there is one, else the text. */
    readonly body: unknown,
  ) {
    super(ApiError.messageOf(body) ?? (statusText || `HTTP ${status}`));
  }

  static messageOf(body: unknown): string | undefined {
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
    if (typeof body === "string" && body.trim()) return body.trim();
    return undefined;
  }
}

export type QueryValue = string | number | boolean | undefined | null | string[];

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  /** Sent as JSON unless it is a Blob/BodyInit passed via `rawBody`. */
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ""}`;
}

/** Listeners told about every 401, so the app can send the user to sign-in. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const res = await fetch(buildUrl(path, options.query), {
    method: options.method ?? "GET",
    headers,
    body,
    signal,
    credentials: "same-origin",
  });
  const text = await res.text();
  let parsed: unknown = text;
  if (text && res.headers.get("content-type")?.includes("json")) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!res.ok) {
    if (res.status === 401) for (const listener of unauthorizedListeners) listener();
    throw new ApiError(res.status, res.statusText, res.headers, parsed);
  }
  return (text ? parsed : undefined) as T;
}

import type { MainPaths, paths } from "@drive/contract";

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

interface RequestOptions {
  method: Uppercase<Method>;
  query?: object;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function buildUrl(path: string, query?: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
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

/** Tells every listener the session is over (a 401, or a refresh the server refused). */
export function notifyUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}

/** What a 401 may be recovered with (API-B's token refresh, drive/api/token-refresh.ts); none on API-A. */
export interface UnauthorizedRecovery {
  epoch(): number;
  /** True when the request, sent in `sentEpoch`, may be sent once more. */
  recover(sentEpoch: number): Promise<boolean>;
}
let recovery: UnauthorizedRecovery | undefined;
export function setUnauthorizedRecovery(value: UnauthorizedRecovery | undefined): void {
  recovery = value;
}

/** Sign-in calls answer 401 for their own reasons; a refresh would not change them. */
const NOT_RECOVERED = /^\/auth\//;

async function request(path: string, options: RequestOptions, retried = false): Promise<unknown> {
  const sentEpoch = recovery?.epoch() ?? 0;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const res = await fetch(buildUrl(path, options.query), {
    method: options.method,
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
    if (res.status === 401 && recovery && !retried && !NOT_RECOVERED.test(path)) {
      if (await recovery.recover(sentEpoch)) return request(path, options, true);
    }
    if (res.status === 401) notifyUnauthorized();
    throw new ApiError(res.status, res.statusText, res.headers, parsed);
  }
  return text ? parsed : undefined;
}

// The contract's types (docs/openapi.json, generated into @drive/contract by `npm run gen:api`) decide what each
// call takes and answers; they add no bytes to the bundle. A contract change that breaks a caller fails typecheck.

type Method = "get" | "post" | "put" | "patch" | "delete";

/** The contract's paths that answer `M`. */
type PathsOf<Ps, M extends Method> = {
  [P in keyof Ps]: Ps[P] extends Record<M, infer O> ? (O extends undefined ? never : P) : never;
}[keyof Ps];

type Operation<Ps, P extends keyof Ps, M extends Method> = Ps[P] extends Record<M, infer O> ? NonNullable<O> : never;

type PathOption<O> = O extends { parameters: { path: infer Params } } ? { path: Params } : { path?: never };

type QueryOption<O> = O extends { parameters: { query: infer Query } }
  ? { query: Query }
  : O extends { parameters: { query?: infer Query } }
    ? { query?: Query }
    : { query?: never };

type BodyOption<O> = O extends { requestBody?: never }
  ? { body?: never }
  : O extends { requestBody: { content: { "application/json": infer Body } } }
    ? { body: Body }
    : O extends { requestBody?: { content: { "application/json": infer Body } } }
      ? { body?: Body }
      : { body?: never };

type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON of every success answer of an operation; `undefined` for one without a body (204). */
type Answer<O> = O extends { responses: infer Responses }
  ? {
      [S in keyof Responses & SuccessStatus]: Responses[S] extends { content: { "application/json": infer Json } }
        ? Json
        : undefined;
    }[keyof Responses & SuccessStatus]
  : never;

type Options<O> = PathOption<O> &
  QueryOption<O> &
  BodyOption<O> & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    timeoutMs?: number;
  };

/** What a call to `path` with `method` takes: its path parameters, query and JSON body, as the contract says. */
export type CallOptions<P extends keyof paths, M extends Method> = Options<Operation<paths, P, M>>;

/** The query parameters of an operation, for a URL built by hand (e.g. an upload sent with XMLHttpRequest). */
export type QueryOf<P extends keyof paths, M extends Method> = NonNullable<
  QueryOption<Operation<paths, P, M>>["query"]
>;

export type AnswerOf<P extends keyof paths, M extends Method> = Answer<Operation<paths, P, M>>;

/** The same for Teldrive main's API (API-B, `MainPaths`). */
export type MainAnswerOf<P extends keyof MainPaths, M extends Method> = Answer<Operation<MainPaths, P, M>>;
export type MainQueryOf<P extends keyof MainPaths, M extends Method> = NonNullable<
  QueryOption<Operation<MainPaths, P, M>>["query"]
>;

/** "/files/{id}/copy" with { id: "a b" } -> "/files/a%20b/copy". */
export function fillPath(template: string, params: object = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, unknown>)[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

type Call<Ps, M extends Method> = <P extends PathsOf<Ps, M> & keyof Ps>(
  path: P,
  // Options may be left out only when nothing in them is required.
  ...options: Partial<Options<Operation<Ps, P, M>>> extends Options<Operation<Ps, P, M>>
    ? [Options<Operation<Ps, P, M>>?]
    : [Options<Operation<Ps, P, M>>]
) => Promise<Answer<Operation<Ps, P, M>>>;

function call<Ps, M extends Method>(method: M): Call<Ps, M> {
  const send = (path: string, options: { path?: object } & Omit<RequestOptions, "method"> = {}) => {
    const { path: params, ...rest } = options;
    return request(fillPath(path, params), { ...rest, method: method.toUpperCase() as Uppercase<M> });
  };
  // The contract's types describe what `send` does; TypeScript cannot follow them through the generic path.
  return send as unknown as Call<Ps, M>;
}

function client<Ps>() {
  return {
    get: call<Ps, "get">("get"),
    post: call<Ps, "post">("post"),
    put: call<Ps, "put">("put"),
    patch: call<Ps, "patch">("patch"),
    delete: call<Ps, "delete">("delete"),
  };
}

/** Calls of the API by path and method, typed from the contract: `api.get("/files/{id}", { path: { id } })`. */
export const api = client<paths>();

/**
 * Calls of Teldrive main's API (API-B), typed from its own document: used only where drive/api/generation.ts says the
 * server speaks it.
 */
export const apiB = client<MainPaths>();

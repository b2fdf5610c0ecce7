import crypto from "node:crypto";
import type { DbHandle, Queryable } from "../db/index.js";
import { sha256 } from "./session.js";
import { QR_UNAVAILABLE, type ServerMessage, SignInFlow, type SignInMemory, type SignInRules } from "./sign-in-flow.js";

/**
 * Teldrive main's sign-in attempts (`/auth/attempts…`): the websocket's sign-in as a resource a client creates,
 * drives with one request per step and polls. Each step runs the websocket's own SignInFlow (same codes, budgets,
 * sign-up rules and messages); what the sign-in waits for between steps, which the websocket keeps in its
 * connection, lives in the attempt's row, so each step may reach any instance.
 *
 * The id the client holds is the attempt's only secret: the row is keyed by its digest, and the `session` the
 * attempt hands out on success is derived from it, so neither can be read back from the database.
 */

export const ATTEMPT_TTL_MS = 10 * 60 * 1000;
/** An expired attempt still answers "expired" this long, then is forgotten (404). */
export const EXPIRED_ATTEMPT_KEPT_MS = 60 * 60 * 1000;
export const ATTEMPT_EXPIRED = "this sign-in attempt expired (attempts last 10 minutes); start a new one";
export const ATTEMPT_FINISHED = "this sign-in attempt has finished; sign in with its session at POST /auth/login";

export type AttemptState =
  | "created"
  | "qr_pending"
  | "code_sent"
  | "password_required"
  | "authenticated"
  | "failed"
  | "expired";

/** Teldrive main's `AuthAttemptSession`: what `POST /auth/login` takes. */
export interface AttemptSession {
  name: string;
  userName: string;
  userId: number;
  isPremium: boolean;
  session: string;
}

/** Teldrive main's `AuthAttempt`. */
export interface AttemptView {
  id: string;
  authType: "qr" | "phone";
  state: AttemptState;
  phoneCodeHash?: string;
  session?: AttemptSession;
  message?: string;
}

interface AttemptRow {
  auth_type: "qr" | "phone";
  state: AttemptState;
  message: string | null;
  phone_code_hash: string | null;
  code_id: string | null;
  wait_id: string | null;
  wait_phone: string | null;
  authenticated: Omit<AttemptSession, "session"> | null;
  expires_at: Date;
}

const digestOf = (id: string) => sha256(`auth attempt\0${id}`);
/** The `session` an attempt hands out, from its id: nothing stored can produce it. */
const grantOf = (id: string) =>
  `1${crypto.createHash("sha256").update(`auth attempt grant\0${id}`).digest("base64url")}`;

function view(id: string, row: AttemptRow): AttemptView {
  if (row.state !== "authenticated" && row.expires_at.getTime() <= Date.now())
    return { id, authType: row.auth_type, state: "expired", message: ATTEMPT_EXPIRED };
  return {
    id,
    authType: row.auth_type,
    state: row.state,
    ...(row.phone_code_hash ? { phoneCodeHash: row.phone_code_hash } : {}),
    ...(row.authenticated ? { session: { ...row.authenticated, session: grantOf(id) } } : {}),
    ...(row.message ? { message: row.message } : {}),
  };
}

/**
 * A new attempt from `requester`, or null when the requester made `maxPerAddress` attempts in the last 10 minutes
 * (each is a row; a sign-in needs one or two).
 */
export async function createAttempt(
  db: DbHandle,
  authType: "qr" | "phone",
  requester: string,
  maxPerAddress: number,
): Promise<AttemptView | null> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const qr = authType === "qr";
  const created = await db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7031))", [requester]);
    const [recent] = await q.query<{ n: number }>(
      "SELECT count(*) AS n FROM auth_attempts WHERE address = $1 AND created_at > $2",
      [requester, new Date(now - ATTEMPT_TTL_MS)],
    );
    if ((recent?.n ?? 0) >= maxPerAddress) return false;
    // QR sign-in needs Telegram: the attempt fails at once with the websocket's sentence.
    await q.query(
      `INSERT INTO auth_attempts (digest, auth_type, state, message, address, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        digestOf(id),
        authType,
        qr ? "failed" : "created",
        qr ? QR_UNAVAILABLE : null,
        requester,
        new Date(now),
        new Date(now + ATTEMPT_TTL_MS),
      ],
    );
    return true;
  });
  if (!created) return null;
  return { id, authType, state: qr ? "failed" : "created", ...(qr ? { message: QR_UNAVAILABLE } : {}) };
}

async function load(q: Queryable, id: string): Promise<AttemptRow | null> {
  const [row] = await q.query<AttemptRow>(
    `SELECT auth_type, state, message, phone_code_hash, code_id, wait_id, wait_phone, authenticated, expires_at
     FROM auth_attempts WHERE digest = $1`,
    [digestOf(id)],
  );
  return row ?? null;
}

export async function getAttempt(q: Queryable, id: string): Promise<AttemptView | null> {
  const row = await load(q, id);
  return row ? view(id, row) : null;
}

/** Ends an attempt and forgets the code or password it waited for; false when there is none. */
export async function deleteAttempt(db: DbHandle, id: string, rules: SignInRules): Promise<boolean> {
  const [row] = await db.query<AttemptRow>(
    `DELETE FROM auth_attempts WHERE digest = $1
     RETURNING auth_type, state, message, phone_code_hash, code_id, wait_id, wait_phone, authenticated, expires_at`,
    [digestOf(id)],
  );
  if (!row) return false;
  await new SignInFlow(db, rules, "", memoryOf(row)).forget();
  return true;
}

const memoryOf = (row: AttemptRow): SignInMemory => ({
  codeId: row.code_id ?? undefined,
  passwordWait: row.wait_id && row.wait_phone ? { id: row.wait_id, phone: row.wait_phone } : undefined,
});

/** How a websocket answer reads as an attempt's state. */
function stateOf(reply: ServerMessage): Pick<AttemptRow, "state" | "message"> & {
  phoneCodeHash?: string;
  session?: AttemptSession;
} {
  if (reply.type === "error") return { state: "failed", message: reply.message };
  if (!("message" in reply)) return { state: "code_sent", message: null, phoneCodeHash: reply.payload.phoneCodeHash };
  if (reply.message === "success") return { state: "authenticated", message: "success", session: reply.payload };
  if (reply.message === "2FA required") return { state: "password_required", message: reply.message };
  // Teldrive main reports a wrong code as a failed attempt with Telegram's error name; the code may be tried again.
  return { state: "failed", message: reply.message };
}

export type StepResult = "done" | "not found" | "expired" | "finished";

/** Steps of one attempt answered by this instance, one after another (like a websocket's messages). */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs one step of an attempt through SignInFlow with the attempt's memory, and stores the outcome. Steps of one
 * attempt take turns on this instance; across instances the codes, guesses and budgets are exact on their own
 * (auth/sign-in-state.ts), and a success is never overwritten by a later step's failure.
 */
export function runStep(
  db: DbHandle,
  id: string,
  opts: { rules: SignInRules; requester: string },
  step: (flow: SignInFlow) => Promise<ServerMessage | null>,
): Promise<StepResult> {
  const digest = digestOf(id);
  const run = (queues.get(digest) ?? Promise.resolve()).then(async (): Promise<StepResult> => {
    const row = await load(db, id);
    if (!row) return "not found";
    if (row.state === "authenticated") return "finished";
    if (row.expires_at.getTime() <= Date.now()) return "expired";
    const flow = new SignInFlow(db, opts.rules, opts.requester, memoryOf(row), grantOf(id));
    const reply = await step(flow);
    if (!reply) return "done";
    const next = stateOf(reply);
    const { codeId, passwordWait } = flow.memory;
    const { name, userName, userId, isPremium } = next.session ?? {};
    const session = next.session ? { name, userName, userId, isPremium } : null;
    await db.query(
      `UPDATE auth_attempts SET state = $2, message = $3, phone_code_hash = coalesce($4, phone_code_hash),
         code_id = $5, wait_id = $6, wait_phone = $7, authenticated = $8
       WHERE digest = $1 AND state <> 'authenticated'`,
      [
        digest,
        next.state,
        next.message,
        next.phoneCodeHash ?? null,
        codeId ?? null,
        passwordWait?.id ?? null,
        passwordWait?.phone ?? null,
        session ? JSON.stringify(session) : null,
      ],
    );
    return "done";
  });
  const settled = run.catch(() => undefined);
  queues.set(digest, settled);
  void settled.then(() => {
    if (queues.get(digest) === settled) queues.delete(digest);
  });
  return run;
}

/** Forgets attempts that expired over an hour ago (the sign-in clean-up job). */
export async function pruneAttempts(q: Queryable): Promise<void> {
  await q.query("DELETE FROM auth_attempts WHERE expires_at < $1", [new Date(Date.now() - EXPIRED_ATTEMPT_KEPT_MS)]);
}

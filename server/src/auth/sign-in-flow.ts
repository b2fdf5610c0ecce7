import type { SessionCreate } from "@drive/contract";
import { z } from "zod";
import type { SignInLimits } from "../config.js";
import type { DbHandle } from "../db/index.js";
import { type Account, checkPassword, findAccount } from "./accounts.js";
import { isPhoneAllowed, normalisePhone } from "./phone.js";
import {
  allowCodeRequest,
  awaitPassword,
  checkCode,
  countPasswordGuess,
  createCode,
  dropCode,
  finishPasswordWait,
  issueGrant,
} from "./sign-in-state.js";
import { enterAccount, mayEnter, type SignUpRules } from "./sign-up.js";

/** Sign-in messages are small; anything larger is refused unread. */
const MAX_MESSAGE_BYTES = 4096;
/** Frames larger than this close the socket (1009) before they are buffered whole (the `ws` server's maxPayload). */
export const MAX_FRAME_BYTES = 16 * 1024;

/** A right code for a number that has no account and may not get one (docs/api.md). */
export const SIGN_UP_CLOSED =
  "sign-up is closed: this server only lets in people its owner invited; ask the owner to invite your number";

export interface SignInRules extends SignUpRules {
  limits: SignInLimits;
}

export const QR_UNAVAILABLE = "QR sign-in is not available on this server; sign in with your phone number";

/** A client message on `/api/auth/ws` (Teldrive's `types.SocketMessage`). */
const socketMessage = z.object({
  authType: z.enum(["qr", "phone", "2fa"]),
  message: z.string().optional(),
  phoneNo: z.string().optional(),
  phoneCode: z.string().optional(),
  phoneCodeHash: z.string().optional(),
  password: z.string().optional(),
});

export type { SessionCreate };

export type ServerMessage =
  | { type: "auth"; payload: { phoneCodeHash: string } }
  | { type: "auth"; message: "2FA required" | "PHONE_CODE_INVALID" }
  | { type: "auth"; message: "success"; payload: SessionCreate }
  | { type: "error"; message: string };

const error = (message: string): ServerMessage => ({ type: "error", message });

/** When each kind of limit warning was last printed, so a flood of refused messages prints one line a minute. */
const lastWarned = new Map<string, number>();

function warnOnce(kind: string, line: string): void {
  const now = Date.now();
  if (now - (lastWarned.get(kind) ?? 0) < 60_000) return;
  // Many addresses each warned about once: forget them all rather than grow without bound.
  if (lastWarned.size >= 1000) lastWarned.clear();
  lastWarned.set(kind, now);
  console.warn(line);
}

/**
 * An address reached a per-address limit. Behind a reverse proxy missing from TRUST_PROXY that is the proxy's
 * address, shared by every visitor: the operator reads this line.
 */
function warnAddressLimit(requester: string, what: string): void {
  warnOnce(
    `${what} ${requester}`,
    `sign-in: ${requester || "an unknown address"} reached its limit of ${what}; if that is your reverse proxy's address, set TRUST_PROXY to it so each visitor counts on their own`,
  );
}

/** What one sign-in waits for between its messages. */
export interface SignInMemory {
  /** The code asked for last, replaced by the next one asked for. */
  codeId: string | undefined;
  /** The sign-in waiting for a password after a right code. */
  passwordWait: { id: string; phone: string } | undefined;
}

/**
 * One sign-in: a websocket connection's, or (one request at a time) a sign-in attempt's (auth/attempts.ts), with the
 * same rules and limits. Like Teldrive, a websocket client sends its code and then its password on
 * one connection; the code and the guesses at it live in the database (auth/sign-in-state.ts), so a client whose
 * connection broke (an instance restarted) can send the same code through another instance, and guesses made
 * through several instances count together. The password step belongs to the connection that sent the right code.
 */
export class SignInFlow {
  /** The connection closed: nothing more is created for it. */
  private ended = false;

  constructor(
    private readonly db: DbHandle,
    private readonly rules: SignInRules,
    /** The requesting client, as auth/requester.ts counts it (the real address behind a trusted proxy). */
    private readonly requester: string,
    /** What this sign-in waits for: the connection's own, or an attempt's read from its row (auth/attempts.ts). */
    readonly memory: SignInMemory = { codeId: undefined, passwordWait: undefined },
    /** The `session` a success hands out; a fresh random one unless the caller chose it (auth/attempts.ts). */
    private readonly grant?: string,
  ) {}

  async handle(raw: string): Promise<ServerMessage | null> {
    if (Buffer.byteLength(raw) > MAX_MESSAGE_BYTES) return error("invalid message: too large");
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return error("invalid message: not JSON");
    }
    const parsed = socketMessage.safeParse(json);
    if (!parsed.success) return error("invalid message: expected authType qr, phone or 2fa");
    const msg = parsed.data;
    if (msg.authType === "qr") return error(QR_UNAVAILABLE);
    if (msg.authType === "2fa") return this.password(msg.password ?? "");
    if (msg.message === "sendcode") return this.sendCode(msg.phoneNo ?? "");
    if (msg.message === "signin") return this.signIn(msg.phoneNo ?? "", msg.phoneCode ?? "", msg.phoneCodeHash ?? "");
    return error('invalid message: phone messages are "sendcode" or "signin"');
  }

  async sendCode(phoneNo: string): Promise<ServerMessage | null> {
    const phone = normalisePhone(phoneNo);
    if (!phone) return error("invalid phone number: use the international format, e.g. +15551234567");
    if (!isPhoneAllowed(phone, this.rules.allowedPhones)) return error("user not allowed");
    const allowed = await allowCodeRequest(this.db, phone, this.requester, this.rules.limits);
    if (allowed === "number") return error("too many codes requested for this number; try again later");
    if (allowed === "address") {
      warnAddressLimit(this.requester, "code requests");
      return error(`too many codes requested from your address (${this.requester || "unknown"}); try again in an hour`);
    }
    // Every number gets the same answer whether or not it has an account or may get one: only the code (which
    // reaches the number's owner) tells them apart. The operator's line says when signing in will be refused.
    const enters = await mayEnter(this.db, phone, this.rules);
    if (this.ended) return null;
    await this.forget();
    const { id, code, phoneCodeHash } = await createCode(this.db, phone);
    this.memory.codeId = id;
    // The local stand-in for Telegram's code message: the operator reads it from the server's output.
    console.log(
      `login code for ${phone}: ${code}${enters ? "" : ` (no account, and sign-up is closed: \`npm run cli -w server -- invite ${phone}\` lets this number in)`}`,
    );
    return { type: "auth", payload: { phoneCodeHash } };
  }

  async signIn(phoneNo: string, phoneCode: string, phoneCodeHash: string): Promise<ServerMessage> {
    const check = await checkCode(
      this.db,
      { phone: normalisePhone(phoneNo), phoneCodeHash, code: phoneCode.trim(), requester: this.requester },
      this.rules.limits,
    );
    switch (check.result) {
      case "unknown":
        return error("no code was sent for this phone number; request a new code");
      case "expired":
        return error("the code has expired; request a new code");
      case "wrong":
        return { type: "auth", message: "PHONE_CODE_INVALID" };
      case "too many":
        return error("too many wrong codes; request a new code");
      case "address limit":
        warnAddressLimit(this.requester, "wrong codes");
        return error(
          `too many wrong codes from your address (${this.requester || "unknown"}) today; try again tomorrow`,
        );
      case "server limit":
        warnOnce(
          "server limit",
          `sign-in: ${this.rules.limits.wrongCodesPerMinute} wrong codes in the last minute over all addresses; codes are not checked until the minute has passed (someone may be guessing codes from many addresses)`,
        );
        return error("too many wrong codes on this server in the last minute; try again in a minute");
    }
    if (this.memory.codeId === check.id) this.memory.codeId = undefined;
    const account = await enterAccount(this.db, check.phone, this.rules);
    if (!account) return error(SIGN_UP_CLOSED);
    if (account.passwordHash) {
      await this.forget();
      await awaitPassword(this.db, check.id, account.phone, account.userId);
      this.memory.passwordWait = { id: check.id, phone: account.phone };
      return { type: "auth", message: "2FA required" };
    }
    return this.success(account);
  }

  async password(password: string): Promise<ServerMessage | null> {
    const wait = this.memory.passwordWait;
    const noWait = error("no sign-in is waiting for a password; sign in with your phone number first");
    if (!wait) return noWait;
    // Teldrive ignores an empty password message.
    if (!password) return null;
    const guess = await countPasswordGuess(this.db, wait.id);
    const account = guess ? await findAccount(this.db, wait.phone) : null;
    if (!guess || !account || account.userId !== guess.userId) {
      this.memory.passwordWait = undefined;
      return noWait;
    }
    if (account.passwordHash && (await checkPassword(password, account.passwordHash))) {
      this.memory.passwordWait = undefined;
      return (await finishPasswordWait(this.db, wait.id)) ? this.success(account) : noWait;
    }
    if (!guess.last) return error("invalid password");
    this.memory.passwordWait = undefined;
    await finishPasswordWait(this.db, wait.id);
    return error("too many wrong passwords; sign in again");
  }

  /** A new code, or a new password wait, replaces what this sign-in waited for; so does cancelling it. */
  async forget(): Promise<void> {
    const ids = [this.memory.codeId, this.memory.passwordWait?.id].filter((id): id is string => id !== undefined);
    this.memory.codeId = undefined;
    this.memory.passwordWait = undefined;
    for (const id of ids) await dropCode(this.db, id);
  }

  /** The connection closed: called at once, so a message being answered creates nothing more. */
  end(): void {
    this.ended = true;
  }

  /** The connection closed: its password wait goes (no other connection can reach it); its code stays usable. */
  async closed(): Promise<void> {
    this.ended = true;
    const wait = this.memory.passwordWait;
    this.memory.passwordWait = undefined;
    if (wait) await finishPasswordWait(this.db, wait.id);
  }

  private async success(account: Account): Promise<ServerMessage> {
    return {
      type: "auth",
      message: "success",
      payload: {
        name: account.name,
        userName: account.userName,
        userId: account.userId,
        isPremium: account.isPremium,
        // Zero values, as Teldrive sends them: the real hash and expiry come from POST /auth/login.
        hash: "",
        expires: "0001-01-01T00:00:00Z",
        session: await issueGrant(this.db, account, this.grant),
      },
    };
  }
}

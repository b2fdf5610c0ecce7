import crypto from "node:crypto";
import { z } from "zod";
import type { Queryable } from "../db/index.js";
import { AttemptLimiter } from "../shares/attempt-limiter.js";
import { type Account, checkPassword, findOrCreateAccount } from "./accounts.js";
import { isPhoneAllowed, normalisePhone } from "./phone.js";

export const CODE_TTL_MS = 5 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
/** How long the `session` handed out on success may be exchanged at `POST /auth/login`. */
export const ISSUED_SESSION_TTL_MS = 5 * 60 * 1000;

/**
 * Code requests per 15 minutes: one address may ask 5 codes for a number, and a number gets at most 30 over
 * all addresses (150 guesses of a 5-digit code). Someone else spending a victim's codes therefore needs six
 * addresses instead of one, and guessing stays bounded however many addresses are used. There is no cap per
 * address over all numbers: behind a proxy without TRUST_PROXY every client has the proxy's address, and such
 * a cap would let anyone stop all sign-ins.
 */
export const CODE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_CODES_PER_PHONE_AND_ADDRESS = 5;
export const MAX_CODES_PER_PHONE = 30;
/** Sign-in messages are small; anything larger is refused unread. */
const MAX_MESSAGE_BYTES = 4096;

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

export interface SessionCreate {
  name: string;
  userName: string;
  userId: number;
  isPremium: boolean;
  hash: string;
  expires: string;
  session: string;
}

export type ServerMessage =
  | { type: "auth"; payload: { phoneCodeHash: string } }
  | { type: "auth"; message: "2FA required" | "PHONE_CODE_INVALID" }
  | { type: "auth"; message: "success"; payload: SessionCreate }
  | { type: "error"; message: string };

const error = (message: string): ServerMessage => ({ type: "error", message });

/**
 * Sessions the websocket handed out and `POST /auth/login` has not redeemed yet. Only these are
 * accepted there, once each, so a login cannot be forged by inventing a payload.
 */
export class IssuedSessions {
  private readonly issued = new Map<string, { userId: number; phone: string; expiresAt: number }>();

  issue(account: Account): string {
    const now = Date.now();
    for (const [key, entry] of this.issued) if (entry.expiresAt <= now) this.issued.delete(key);
    const session = `1${crypto.randomBytes(48).toString("base64url")}`;
    this.issued.set(session, { userId: account.userId, phone: account.phone, expiresAt: now + ISSUED_SESSION_TTL_MS });
    return session;
  }

  /** Removes and returns the entry when it is live and belongs to `userId`. */
  redeem(session: string, userId: number): { phone: string } | null {
    const entry = this.issued.get(session);
    if (!entry || entry.userId !== userId) return null;
    this.issued.delete(session);
    return entry.expiresAt > Date.now() ? { phone: entry.phone } : null;
  }
}

/** Caps code requests per phone number and per phone number and requesting address (limits above). */
export class CodeRequestLimiter {
  private readonly perPhoneAndAddress = new AttemptLimiter(MAX_CODES_PER_PHONE_AND_ADDRESS, CODE_WINDOW_MS);
  private readonly perPhone = new AttemptLimiter(MAX_CODES_PER_PHONE, CODE_WINDOW_MS);

  /** Records a request; false (and nothing recorded) when either limit is used up. */
  allow(phone: string, address: string): boolean {
    const both = `${phone}|${address}`;
    if (this.perPhoneAndAddress.retryAfter(both) > 0 || this.perPhone.retryAfter(phone) > 0) return false;
    this.perPhoneAndAddress.record(both);
    this.perPhone.record(phone);
    return true;
  }
}

interface PendingCode {
  phone: string;
  code: string;
  phoneCodeHash: string;
  expiresAt: number;
  wrong: number;
}

interface PendingPassword {
  account: Account;
  wrong: number;
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * The state of one websocket connection: like Teldrive, a whole sign-in (code, then password)
 * happens on one connection, and nothing of it outlives the connection.
 */
export class SignInFlow {
  private pendingCode: PendingCode | undefined;
  private pendingPassword: PendingPassword | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly allowedPhones: string[] | undefined,
    private readonly issued: IssuedSessions,
    private readonly limiter: CodeRequestLimiter,
    /** The requesting client's address (the real one behind a trusted proxy). */
    private readonly address: string,
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

  private sendCode(phoneNo: string): ServerMessage {
    const phone = normalisePhone(phoneNo);
    if (!phone) return error("invalid phone number: use the international format, e.g. +15551234567");
    if (!isPhoneAllowed(phone, this.allowedPhones)) return error("user not allowed");
    if (!this.limiter.allow(phone, this.address))
      return error("too many codes requested for this number; try again later");
    const code = String(crypto.randomInt(0, 100_000)).padStart(5, "0");
    const phoneCodeHash = crypto.randomBytes(16).toString("hex");
    this.pendingCode = { phone, code, phoneCodeHash, expiresAt: Date.now() + CODE_TTL_MS, wrong: 0 };
    this.pendingPassword = undefined;
    // The local stand-in for Telegram's code message: the operator reads it from the server's output.
    console.log(`login code for ${phone}: ${code}`);
    return { type: "auth", payload: { phoneCodeHash } };
  }

  private async signIn(phoneNo: string, phoneCode: string, phoneCodeHash: string): Promise<ServerMessage> {
    const pending = this.pendingCode;
    const phone = normalisePhone(phoneNo);
    if (!pending || pending.phone !== phone || !sameSecret(pending.phoneCodeHash, phoneCodeHash)) {
      return error("no code was sent for this phone number; request a new code");
    }
    if (pending.expiresAt <= Date.now()) {
      this.pendingCode = undefined;
      return error("the code has expired; request a new code");
    }
    if (!sameSecret(pending.code, phoneCode.trim())) {
      pending.wrong += 1;
      if (pending.wrong < MAX_ATTEMPTS) return { type: "auth", message: "PHONE_CODE_INVALID" };
      this.pendingCode = undefined;
      return error("too many wrong codes; request a new code");
    }
    this.pendingCode = undefined;
    const account = await findOrCreateAccount(this.db, pending.phone);
    if (account.passwordHash) {
      this.pendingPassword = { account, wrong: 0 };
      return { type: "auth", message: "2FA required" };
    }
    return this.success(account);
  }

  private async password(password: string): Promise<ServerMessage | null> {
    const pending = this.pendingPassword;
    if (!pending) return error("no sign-in is waiting for a password; sign in with your phone number first");
    // Teldrive ignores an empty password message.
    if (!password) return null;
    if (pending.account.passwordHash && (await checkPassword(password, pending.account.passwordHash))) {
      this.pendingPassword = undefined;
      return this.success(pending.account);
    }
    pending.wrong += 1;
    if (pending.wrong < MAX_ATTEMPTS) return error("invalid password");
    this.pendingPassword = undefined;
    return error("too many wrong passwords; sign in again");
  }

  private success(account: Account): ServerMessage {
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
        session: this.issued.issue(account),
      },
    };
  }
}

import type { SessionCreate } from "@drive/contract";
import { z } from "zod";
import type { DbHandle } from "../db/index.js";
import { type Account, checkPassword, findAccount, findOrCreateAccount } from "./accounts.js";
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

export type { SessionCreate };

export type ServerMessage =
  | { type: "auth"; payload: { phoneCodeHash: string } }
  | { type: "auth"; message: "2FA required" | "PHONE_CODE_INVALID" }
  | { type: "auth"; message: "success"; payload: SessionCreate }
  | { type: "error"; message: string };

const error = (message: string): ServerMessage => ({ type: "error", message });

/**
 * One websocket connection's sign-in. Like Teldrive, a client sends its code and then its password on one
 * connection; the code and the guesses at it live in the database (auth/sign-in-state.ts), so a client whose
 * connection broke (an instance restarted) can send the same code through another instance, and guesses made
 * through several instances count together. The password step belongs to the connection that sent the right code.
 */
export class SignInFlow {
  /** The code this connection asked for last, replaced by the next one it asks for. */
  private codeId: string | undefined;
  /** The sign-in waiting for a password after this connection's right code. */
  private passwordWait: { id: string; phone: string } | undefined;

  constructor(
    private readonly db: DbHandle,
    private readonly allowedPhones: string[] | undefined,
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

  private async sendCode(phoneNo: string): Promise<ServerMessage> {
    const phone = normalisePhone(phoneNo);
    if (!phone) return error("invalid phone number: use the international format, e.g. +15551234567");
    if (!isPhoneAllowed(phone, this.allowedPhones)) return error("user not allowed");
    if (!(await allowCodeRequest(this.db, phone, this.address)))
      return error("too many codes requested for this number; try again later");
    await this.forget();
    const { id, code, phoneCodeHash } = await createCode(this.db, phone);
    this.codeId = id;
    // The local stand-in for Telegram's code message: the operator reads it from the server's output.
    console.log(`login code for ${phone}: ${code}`);
    return { type: "auth", payload: { phoneCodeHash } };
  }

  private async signIn(phoneNo: string, phoneCode: string, phoneCodeHash: string): Promise<ServerMessage> {
    const check = await checkCode(this.db, {
      phone: normalisePhone(phoneNo),
      phoneCodeHash,
      code: phoneCode.trim(),
    });
    switch (check.result) {
      case "unknown":
        return error("no code was sent for this phone number; request a new code");
      case "expired":
        return error("the code has expired; request a new code");
      case "wrong":
        return { type: "auth", message: "PHONE_CODE_INVALID" };
      case "too many":
        return error("too many wrong codes; request a new code");
    }
    if (this.codeId === check.id) this.codeId = undefined;
    const account = await findOrCreateAccount(this.db, check.phone);
    if (account.passwordHash) {
      await this.forget();
      await awaitPassword(this.db, check.id, account.phone, account.userId);
      this.passwordWait = { id: check.id, phone: account.phone };
      return { type: "auth", message: "2FA required" };
    }
    return this.success(account);
  }

  private async password(password: string): Promise<ServerMessage | null> {
    const wait = this.passwordWait;
    const noWait = error("no sign-in is waiting for a password; sign in with your phone number first");
    if (!wait) return noWait;
    // Teldrive ignores an empty password message.
    if (!password) return null;
    const guess = await countPasswordGuess(this.db, wait.id);
    const account = guess ? await findAccount(this.db, wait.phone) : null;
    if (!guess || !account || account.userId !== guess.userId) {
      this.passwordWait = undefined;
      return noWait;
    }
    if (account.passwordHash && (await checkPassword(password, account.passwordHash))) {
      this.passwordWait = undefined;
      return (await finishPasswordWait(this.db, wait.id)) ? this.success(account) : noWait;
    }
    if (!guess.last) return error("invalid password");
    this.passwordWait = undefined;
    await finishPasswordWait(this.db, wait.id);
    return error("too many wrong passwords; sign in again");
  }

  /** A new code, or a new password wait, replaces what this connection waited for. */
  private async forget(): Promise<void> {
    const ids = [this.codeId, this.passwordWait?.id].filter((id): id is string => id !== undefined);
    this.codeId = undefined;
    this.passwordWait = undefined;
    for (const id of ids) await dropCode(this.db, id);
  }

  /** The connection closed: its password wait goes (no other connection can reach it); its code stays usable. */
  async closed(): Promise<void> {
    const wait = this.passwordWait;
    this.passwordWait = undefined;
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
        session: await issueGrant(this.db, account),
      },
    };
  }
}

import type { components } from "@drive/contract";
/** The sign-in conversation on `/api/auth/ws` (Teldrive's protocol), as pure state transitions. */

export type LoginStep = "phone" | "code" | "password";

/** What the server sends on the socket. */
export interface ServerMessage {
  type?: string;
  message?: string;
  payload?: unknown;
}

/** Body of `POST /api/auth/login`: the success payload, passed through unchanged. */
export type SessionCreate = components["schemas"]["SessionCreate"];

export interface LoginState {
  step: LoginStep;
  /** Waiting for the server; the form is disabled and says "Please wait". */
  pending: boolean;
  error?: string;
  phoneCodeHash?: string;
  /** A `tg://login?token=` link while QR sign-in is offered. */
  qrLink?: string;
}

export type LoginEvent =
  | { type: "send" }
  | { type: "message"; message: ServerMessage }
  | { type: "closed" }
  | { type: "timeout" }
  | { type: "failed"; error: string }
  | { type: "expired" }
  | { type: "restart" };

export const initialLoginState: LoginState = { step: "phone", pending: false };

export const CODE_INVALID_TEXT = "The code is not valid. Check it and try again.";
export const CONNECTION_LOST_TEXT = "The connection to the server was lost. Please try again.";
export const NO_ANSWER_TEXT = "The server did not answer. Please try again.";
export const NOT_INVITED_TEXT =
  "This server only lets in people the owner invited. Ask the owner to invite your phone number, then sign in again.";
export const ATTEMPT_EXPIRED_TEXT = "The sign-in took too long. Please start again.";

/** Server errors shown as a sentence of ours: sign-up closed (after a right code), and ALLOWED_PHONES. */
const NOT_INVITED_ERRORS = new Set([
  "sign-up is closed: this server only lets in people its owner invited; ask the owner to invite your number",
  "user not allowed",
]);

function payloadField(payload: unknown, key: string): string | undefined {
  if (!payload || typeof payload !== "object" || !(key in payload)) return undefined;
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

/** The session payload when `message` is the server's success answer. */
export function successPayload(message: ServerMessage): SessionCreate | undefined {
  if (message.type !== "auth" || message.message !== "success") return undefined;
  const payload = message.payload;
  return payload && typeof payload === "object" ? (payload as SessionCreate) : undefined;
}

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case "send":
      return { ...state, pending: true, error: undefined };
    case "restart":
      return initialLoginState;
    case "timeout":
      return { ...state, pending: false, error: NO_ANSWER_TEXT };
    case "failed":
      return { ...state, pending: false, error: event.error };
    case "expired":
      return { ...initialLoginState, error: ATTEMPT_EXPIRED_TEXT };
    case "closed":
      // The server keeps the sign-in per connection: once it is gone, only the first step makes sense.
      if (!state.pending && state.step === "phone" && !state.qrLink) return state;
      return { ...initialLoginState, error: CONNECTION_LOST_TEXT };
    case "message":
      return onMessage(state, event.message);
  }
}

function onMessage(state: LoginState, message: ServerMessage): LoginState {
  if (message.type === "error") {
    const text = message.message && NOT_INVITED_ERRORS.has(message.message) ? NOT_INVITED_TEXT : message.message;
    return { ...state, pending: false, error: text || "Sign-in failed." };
  }
  if (message.type !== "auth") return state;
  if (message.message === "success") return { ...state, pending: true, error: undefined };
  if (message.message === "2FA required") return { ...state, step: "password", pending: false, error: undefined };
  if (message.message === "PHONE_CODE_INVALID") return { ...state, pending: false, error: CODE_INVALID_TEXT };
  const phoneCodeHash = payloadField(message.payload, "phoneCodeHash");
  if (phoneCodeHash) return { ...state, step: "code", phoneCodeHash, pending: false, error: undefined };
  const token = payloadField(message.payload, "token");
  if (token) return { ...state, qrLink: token, pending: false, error: undefined };
  if (message.message) return { ...state, pending: false, error: message.message };
  return state;
}

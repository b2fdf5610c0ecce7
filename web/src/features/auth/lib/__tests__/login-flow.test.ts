import { describe, expect, it } from "vitest";
import {
  CODE_INVALID_TEXT,
  CONNECTION_LOST_TEXT,
  initialLoginState,
  type LoginEvent,
  type LoginState,
  loginReducer,
  NO_ANSWER_TEXT,
  NOT_INVITED_TEXT,
  successPayload,
} from "../login-flow";

/** The server's answer to a right code for a number that may not sign up (server/src/auth/sign-in-flow.ts). */
const SIGN_UP_CLOSED =
  "sign-up is closed: this server only lets in people its owner invited; ask the owner to invite your number";
const run = (events: LoginEvent[], from: LoginState = initialLoginState) => events.reduce(loginReducer, from);
const server = (message: object): LoginEvent => ({ type: "message", message });

describe("loginReducer", () => {
  it("walks phone -> code -> password", () => {
    const codeStep = run([{ type: "send" }, server({ type: "auth", payload: { phoneCodeHash: "h1" } })]);
    expect(codeStep).toEqual({ step: "code", phoneCodeHash: "h1", pending: false, error: undefined });
    const passwordStep = run([{ type: "send" }, server({ type: "auth", message: "2FA required" })], codeStep);
    expect(passwordStep.step).toBe("password");
    expect(passwordStep.pending).toBe(false);
  });
  it("is pending between sending and the answer, and clears the old error", () => {
    const state = run([{ type: "send" }], { ...initialLoginState, error: "old" });
    expect(state.pending).toBe(true);
    expect(state.error).toBeUndefined();
  });
  it("shows the server's error text as is", () => {
    const state = run([
      { type: "send" },
      server({ type: "error", message: "too many wrong codes; request a new code" }),
    ]);
    expect(state).toMatchObject({ pending: false, error: "too many wrong codes; request a new code", step: "phone" });
  });
  it("says in a sentence when the number may not sign up", () => {
    const closed = run([{ type: "send" }, server({ type: "error", message: SIGN_UP_CLOSED })], {
      step: "code",
      pending: false,
      phoneCodeHash: "h",
    });
    expect(closed).toMatchObject({ step: "code", pending: false, error: NOT_INVITED_TEXT });
    expect(NOT_INVITED_TEXT).toMatch(/^This server only lets in people the owner invited\./);
    const listed = run([{ type: "send" }, server({ type: "error", message: "user not allowed" })]);
    expect(listed).toMatchObject({ step: "phone", error: NOT_INVITED_TEXT });
  });
  it("explains a wrong code and stays on the code step", () => {
    const state = run([{ type: "send" }, server({ type: "auth", message: "PHONE_CODE_INVALID" })], {
      step: "code",
      pending: false,
      phoneCodeHash: "h",
    });
    expect(state).toMatchObject({ step: "code", pending: false, error: CODE_INVALID_TEXT });
  });
  it("stays pending after success, while the cookie is fetched", () => {
    expect(run([{ type: "send" }, server({ type: "auth", message: "success", payload: {} })]).pending).toBe(true);
  });
  it("never hangs: a closed socket or silence ends the wait with a message", () => {
    const closed = run([{ type: "send" }, { type: "closed" }], { step: "code", pending: false, phoneCodeHash: "h" });
    expect(closed).toEqual({ step: "phone", pending: false, error: CONNECTION_LOST_TEXT });
    expect(run([{ type: "send" }, { type: "timeout" }])).toMatchObject({ pending: false, error: NO_ANSWER_TEXT });
  });
  it("ignores a close while idle on the first step", () => {
    expect(run([{ type: "closed" }])).toBe(initialLoginState);
  });
  it("shows a QR link when the server offers one", () => {
    const state = run([{ type: "send" }, server({ type: "auth", payload: { token: "tg://login?token=abc" } })]);
    expect(state).toMatchObject({ qrLink: "tg://login?token=abc", pending: false });
  });
  it("reports a failed cookie exchange and can restart", () => {
    const failed = run([{ type: "failed", error: "invalid or expired sign-in session; sign in again" }]);
    expect(failed.error).toBe("invalid or expired sign-in session; sign in again");
    expect(run([{ type: "restart" }], failed)).toEqual(initialLoginState);
  });
});

describe("successPayload", () => {
  it("returns the payload of a success message only", () => {
    const payload = { userId: 1, session: "1abc" };
    expect(successPayload({ type: "auth", message: "success", payload })).toBe(payload);
    expect(successPayload({ type: "auth", message: "2FA required" })).toBeUndefined();
    expect(successPayload({ type: "error", message: "success" })).toBeUndefined();
  });
});

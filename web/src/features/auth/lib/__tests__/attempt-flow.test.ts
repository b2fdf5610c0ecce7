import { describe, expect, it } from "vitest";
import { type Attempt, answersStep, attemptMessage, SAME_ANSWER_MS } from "../attempt-flow";
import { CODE_INVALID_TEXT, initialLoginState, type LoginState, loginReducer, NOT_INVITED_TEXT } from "../login-flow";

const attempt = (fields: Partial<Attempt>): Attempt => ({ id: "a1", authType: "phone", state: "created", ...fields });

/** The screens after the server's answer, through the same reducer as the websocket's. */
function after(state: LoginState, answer: Attempt): LoginState {
  const message = attemptMessage(answer);
  if (message === undefined) return state;
  if (message === "expired") return loginReducer(state, { type: "expired" });
  return loginReducer(loginReducer(state, { type: "send" }), { type: "message", message });
}

describe("attemptMessage", () => {
  it("walks phone -> code -> password as the websocket does", () => {
    const code = after(initialLoginState, attempt({ state: "code_sent", phoneCodeHash: "h1" }));
    expect(code).toMatchObject({ step: "code", phoneCodeHash: "h1", pending: false });
    const password = after(code, attempt({ state: "password_required", message: "2FA required" }));
    expect(password).toMatchObject({ step: "password", pending: false });
  });
  it("says a wrong code in the websocket flow's words", () => {
    const code: LoginState = { step: "code", pending: false, phoneCodeHash: "h" };
    expect(after(code, attempt({ state: "failed", message: "PHONE_CODE_INVALID" }))).toMatchObject({
      step: "code",
      error: CODE_INVALID_TEXT,
    });
  });
  it("shows any other failure's text on the step it happened, in the websocket's words", () => {
    expect(after(initialLoginState, attempt({ state: "failed", message: "invalid phone number" }))).toMatchObject({
      step: "phone",
      error: "invalid phone number",
    });
    expect(after(initialLoginState, attempt({ state: "failed", message: "user not allowed" }))).toMatchObject({
      error: NOT_INVITED_TEXT,
    });
  });
  it("hands over the session once authenticated", () => {
    const session = { name: "A", userName: "a", userId: 1, isPremium: false, session: "s" };
    expect(attemptMessage(attempt({ state: "authenticated", session }))).toEqual({
      type: "auth",
      message: "success",
      payload: session,
    });
  });
  it("starts over with an explanation when the attempt expired", () => {
    const state = after({ step: "code", pending: true, phoneCodeHash: "h" }, attempt({ state: "expired" }));
    expect(state.step).toBe("phone");
    expect(state.error).toMatch(/took too long/);
  });
  it("waits while the server has not answered yet", () => {
    expect(attemptMessage(attempt({ state: "created" }))).toBeUndefined();
    expect(attemptMessage(attempt({ state: "code_sent" }))).toBeUndefined();
  });
});

describe("answersStep", () => {
  const failed = attempt({ state: "failed", message: "PHONE_CODE_INVALID" });
  it("takes a changed attempt as the answer", () => {
    expect(answersStep(attempt({ state: "code_sent", phoneCodeHash: "h" }), failed, 0)).toBe(true);
  });
  it("takes the same failure again as the answer to a retried step only after a while", () => {
    expect(answersStep(failed, failed, 0)).toBe(false);
    expect(answersStep(failed, failed, SAME_ANSWER_MS)).toBe(true);
  });
  it("never takes a fresh attempt as an answer", () => {
    expect(answersStep(undefined, attempt({ state: "created" }), 10_000)).toBe(false);
  });
});

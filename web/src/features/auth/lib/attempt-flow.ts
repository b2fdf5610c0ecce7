import type { TeldriveMain } from "@drive/contract";
import type { ServerMessage } from "./login-flow";

/**
 * API-B's sign-in (auth attempts, polled) told in the websocket's words, so one reducer (login-flow.ts) drives the
 * same screens and error texts for both generations.
 */
export type Attempt = TeldriveMain.AuthAttempt;

/** What an attempt's state means for the screens, or "expired" when it is gone (10 minutes; a restarted server). */
export function attemptMessage(attempt: Attempt): ServerMessage | "expired" | undefined {
  switch (attempt.state) {
    case "code_sent":
      return attempt.phoneCodeHash ? { type: "auth", payload: { phoneCodeHash: attempt.phoneCodeHash } } : undefined;
    case "qr_pending":
      return attempt.token ? { type: "auth", payload: { token: attempt.token } } : undefined;
    case "password_required":
      return { type: "auth", message: "2FA required" };
    case "authenticated":
      return attempt.session ? { type: "auth", message: "success", payload: attempt.session } : undefined;
    case "failed":
      // The websocket says a wrong code this way; every other failure is an error with the server's text.
      return attempt.message === "PHONE_CODE_INVALID"
        ? { type: "auth", message: "PHONE_CODE_INVALID" }
        : { type: "error", message: attempt.message || "Sign-in failed." };
    case "expired":
      return "expired";
    default:
      return undefined;
  }
}

/** The attempt's fields that change when the server answers a step. */
function answerKey(attempt: Attempt): string {
  return JSON.stringify([attempt.state, attempt.message, attempt.phoneCodeHash, attempt.token]);
}

/**
 * Whether `now` answers the step sent while the attempt looked like `before`. A changed attempt does. An unchanged
 * failed one (a second wrong code answers exactly as the first) does once `waitedMs` is past SAME_ANSWER_MS: Teldrive
 * keeps no count of steps, so a repeated failure can only be told by time.
 */
export function answersStep(before: Attempt | undefined, now: Attempt, waitedMs: number): boolean {
  if (now.state === "created") return false;
  if (!before || answerKey(before) !== answerKey(now)) return true;
  return now.state === "failed" && waitedMs >= SAME_ANSWER_MS;
}

export const SAME_ANSWER_MS = 3_000;
/** How often the attempt is asked while a step is pending. */
export const POLL_MS = 500;

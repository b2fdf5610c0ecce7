import { useCallback, useEffect, useReducer, useRef } from "react";
import { ApiError, apiB } from "@/drive/api/api-client";
import { errorText } from "@/drive/errors/error-message";
import { type Attempt, answersStep, attemptMessage, POLL_MS } from "../lib/attempt-flow";
import { initialLoginState, loginReducer } from "../lib/login-flow";
import type { LoginSocket } from "./use-login-socket";

/** As the websocket's: long enough for a slow server, short enough that "Please wait" never stays for good. */
const ANSWER_TIMEOUT_MS = 30_000;

export type AttemptSession = NonNullable<Attempt["session"]>;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);

/**
 * API-B's sign-in: an auth attempt (`POST /auth/attempts`), its steps (`phone/send-code`, `phone/sign-in`,
 * `password`), each answered by polling `GET /auth/attempts/{id}`. It takes the websocket's messages (the login page
 * sends the same ones to either) and reports through the same reducer, so screens and texts are the same.
 */
export function useLoginAttempts(onSuccess: (session: AttemptSession) => void): LoginSocket {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const attemptRef = useRef<{ id: string; seen?: Attempt } | undefined>(undefined);
  /** Bumped to stop the polling loop of an earlier step. */
  const runRef = useRef(0);
  const doneRef = useRef(false);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  const drop = useCallback(() => {
    runRef.current++;
    const attempt = attemptRef.current;
    attemptRef.current = undefined;
    if (attempt && !doneRef.current) {
      void apiB.delete("/auth/attempts/{id}", { path: { id: attempt.id } }).catch(() => undefined);
    }
  }, []);

  /** Sends one step, then polls until the attempt answers it (or the answer is late, or the attempt is gone). */
  const run = useCallback(
    async (create: Attempt["authType"] | undefined, step: (id: string) => Promise<unknown>) => {
      const run = ++runRef.current;
      const current = () => run === runRef.current;
      dispatch({ type: "send" });
      try {
        if (create) {
          drop();
          runRef.current = run;
          const made = await apiB.post("/auth/attempts", { body: { authType: create } });
          attemptRef.current = { id: made.id, seen: made };
        }
        const attempt = attemptRef.current;
        if (!attempt) throw new Error("Start the sign-in again.");
        await step(attempt.id);
        let started = Date.now();
        // Our server answers a step before it returns, so the first look is at once; Teldrive main's runs behind.
        let delay = 0;
        while (current()) {
          await wait(delay);
          delay = POLL_MS;
          if (!current()) return;
          let now: Attempt;
          try {
            now = await apiB.get("/auth/attempts/{id}", { path: { id: attempt.id } });
          } catch (error) {
            if (isGone(error)) throw error;
            // A lost answer: ask again until the step's time is up.
            now = attempt.seen ?? { id: attempt.id, authType: "phone", state: "created" };
          }
          const waited = Date.now() - started;
          if (!answersStep(attempt.seen, now, waited)) {
            if (waited > ANSWER_TIMEOUT_MS && attempt.seen?.state !== "qr_pending") {
              dispatch({ type: "timeout" });
              return;
            }
            continue;
          }
          attempt.seen = now;
          const message = attemptMessage(now);
          if (message === "expired") {
            attemptRef.current = undefined;
            dispatch({ type: "expired" });
            return;
          }
          if (message) dispatch({ type: "message", message });
          if (now.state === "authenticated" && now.session) {
            doneRef.current = true;
            onSuccessRef.current(now.session);
            return;
          }
          // A QR code waits for its scan, and Telegram replaces the code now and then: keep asking.
          if (now.state !== "qr_pending") return;
          started = Date.now();
        }
      } catch (error) {
        if (!current()) return;
        if (isGone(error)) {
          attemptRef.current = undefined;
          dispatch({ type: "expired" });
          return;
        }
        dispatch({ type: "failed", error: errorText(error) });
      }
    },
    [drop],
  );

  const send = useCallback(
    (message: Record<string, string>) => {
      const { authType, phoneNo = "", phoneCode = "", phoneCodeHash = "", password = "" } = message;
      if (authType === "qr") {
        void run("qr", async () => undefined);
      } else if (authType === "2fa") {
        void run(undefined, (id) => apiB.post("/auth/attempts/{id}/password", { path: { id }, body: { password } }));
      } else if (message.message === "signin") {
        void run(undefined, (id) =>
          apiB.post("/auth/attempts/{id}/phone/sign-in", { path: { id }, body: { phoneNo, phoneCode, phoneCodeHash } }),
        );
      } else {
        void run("phone", (id) =>
          apiB.post("/auth/attempts/{id}/phone/send-code", { path: { id }, body: { phoneNo } }),
        );
      }
    },
    [run],
  );

  const restart = useCallback(() => {
    drop();
    dispatch({ type: "restart" });
  }, [drop]);

  const fail = useCallback((error: string) => dispatch({ type: "failed", error }), []);

  useEffect(() => drop, [drop]);

  return { state, send, restart, fail };
}

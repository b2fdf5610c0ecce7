import { api, apiB } from "@/drive/api/api-client";
import type { AttemptSession } from "../hooks/use-login-attempts";
import type { SessionCreate } from "../lib/login-flow";

/** Exchanges the websocket's success payload for the session cookie (API-A). */
export async function login(payload: SessionCreate): Promise<void> {
  await api.post("/auth/login", { body: payload });
}

/** Exchanges an authenticated attempt's session for the access and refresh token cookies (API-B). */
export async function loginWithAttempt(session: AttemptSession): Promise<void> {
  await apiB.post("/auth/login", { body: session });
}

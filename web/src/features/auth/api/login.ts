import { apiRequest } from "@/lib/api-client";
import type { SessionCreate } from "../lib/login-flow";

/** Exchanges the websocket's success payload for the session cookie. */
export function login(payload: SessionCreate): Promise<void> {
  return apiRequest<void>("/auth/login", { method: "POST", body: payload });
}

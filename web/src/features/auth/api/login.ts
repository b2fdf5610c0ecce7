import { api } from "@/drive/api/api-client";
import type { SessionCreate } from "../lib/login-flow";

/** Exchanges the websocket's success payload for the session cookie. */
export async function login(payload: SessionCreate): Promise<void> {
  await api.post("/auth/login", { body: payload });
}

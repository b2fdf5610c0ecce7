import { api } from "@/drive/api/api-client";

/** Ends the session on the server (it clears the cookie). */
export async function logout(): Promise<void> {
  await api.post("/auth/logout");
}

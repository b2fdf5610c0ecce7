import { apiRequest } from "@/lib/api-client";

/** Ends the session on the server (it clears the cookie). */
export function logout(): Promise<void> {
  return apiRequest<void>("/auth/logout", { method: "POST" });
}

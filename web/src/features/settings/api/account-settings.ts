import { api } from "@/drive/api/api-client";

/**
 * `PATCH /users/settings` (where /capabilities says `accountSettings`): keeps the "Encrypt files" choice on the
 * server too, which WebDAV uploads and imports follow (they have no browser to ask).
 */
export async function saveAccountSettings(body: { encryptFiles: boolean }): Promise<void> {
  await api.patch("/users/settings", { body });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { accountSettingsQueryOptions } from "@/drive/settings/account-settings";

/**
 * `PATCH /users/settings` (where /capabilities says `accountSettings`): keeps the "Encrypt files" choice on the
 * server too, which WebDAV uploads, imports and this account's other devices follow.
 */
export async function saveAccountSettings(body: { encryptFiles: boolean }) {
  return api.patch("/users/settings", { body });
}

/** Saves the choice; the answer is the settings as they are now, so the cached ones take it as is. */
export function useSaveAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountSettings,
    onSuccess: (saved) => queryClient.setQueryData(accountSettingsQueryOptions().queryKey, saved),
  });
}

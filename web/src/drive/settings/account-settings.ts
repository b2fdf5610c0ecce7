import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { queryClient } from "@/drive/api/query-client";
import { getSettings } from "./settings-store";

export type AccountSettings = components["schemas"]["AccountSettings"];

/**
 * `GET /users/settings` (where /capabilities says `accountSettings`): the account's "Encrypt files" choice, the same
 * on every device. Asked when the signed-in layout opens, so uploads follow it before Settings is ever shown.
 */
export const accountSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "settings"],
    queryFn: ({ signal }): Promise<AccountSettings> => api.get("/users/settings", { signal }),
    // Uploads read it from the cache outside React, long after anything renders it.
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The account's choice where the server keeps one (not null), else this browser's: what Settings shows. */
export function chooseEncryptFiles(account: AccountSettings | undefined, local: boolean): boolean {
  return account?.encryptFiles ?? local;
}

/** Whether new uploads from this browser are encrypted: the account's choice, else this browser's (outside React). */
export function encryptFilesChoice(): boolean {
  const capabilities = queryClient.getQueryData(capabilitiesQueryOptions().queryKey);
  const account =
    capabilities?.accountSettings === true
      ? queryClient.getQueryData(accountSettingsQueryOptions().queryKey)
      : undefined;
  return chooseEncryptFiles(account, getSettings().encryptFiles);
}

/** Starts reading the account's settings where the server keeps them; never throws (the local value stands in). */
export async function prefetchAccountSettings(): Promise<void> {
  const capabilities = await queryClient.ensureQueryData(capabilitiesQueryOptions()).catch(() => undefined);
  if (capabilities?.accountSettings === true) await queryClient.prefetchQuery(accountSettingsQueryOptions());
}

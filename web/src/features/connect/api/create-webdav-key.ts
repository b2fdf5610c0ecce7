import type { TeldriveMain } from "@drive/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiB } from "@/drive/api/api-client";

/** Settings → API keys lists keys under this query key (features/settings/api/api-keys.ts): refresh it too. */
const API_KEYS_KEY = ["users", "api-keys"];

/** `POST /users/api-keys` for a WebDAV client: the answer carries the key itself, the only time the server sends it. */
export function useCreateWebdavKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeldriveMain.UserApiKeyCreate): Promise<TeldriveMain.UserApiKeyCreateResult> =>
      apiB.post("/users/api-keys", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

import type { TeldriveMain } from "@drive/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiB } from "@/drive/api/api-client";

export type ApiKey = TeldriveMain.UserApiKey;
export type NewApiKey = TeldriveMain.UserApiKeyCreateResult;

/**
 * `GET /users/api-keys`: the account's API keys, or null where the server has none (404: Teldrive 1.x, or our server
 * before keys). The answer also decides whether Settings shows the "API keys" tab.
 */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "api-keys"],
    queryFn: async ({ signal }): Promise<ApiKey[] | null> => {
      try {
        return await apiB.get("/users/api-keys", { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** `POST /users/api-keys`: the answer carries the key itself, the only time the server sends it. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeldriveMain.UserApiKeyCreate) => apiB.post("/users/api-keys", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

/** `DELETE /users/api-keys/{id}`: the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiB.delete("/users/api-keys/{id}", { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

import { useMutation } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { shareAuthorization } from "../lib/share-auth";

/**
 * POST /shares/{id}/save (our server, capability `saveShares`): copies the share into the signed-in visitor's drive,
 * by default into its root. A protected share sends its password as every other read of it does.
 */
export const useSaveShare = (shareId: string, password: string | undefined) =>
  useMutation({
    mutationFn: (destination?: string) =>
      api.post("/shares/{id}/save", {
        path: { id: shareId },
        body: destination === undefined ? {} : { destination },
        headers: password ? { Authorization: shareAuthorization(password) } : {},
      }),
  });

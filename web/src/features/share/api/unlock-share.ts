import { useMutation } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";

/** POST /shares/{id}/unlock: 204 when the password is right, 403 when wrong, 429 when tried too often. */
export const useUnlockShare = (shareId: string) =>
  useMutation({
    mutationFn: (password: string) => api.post("/shares/{id}/unlock", { path: { id: shareId }, body: { password } }),
  });

import { apiRequest } from "@/lib/api-client";

/** `POST /trash/delete`: these items of the trash, for good. */
export const deleteForever = (ids: string[]) => apiRequest("/trash/delete", { method: "POST", body: { ids } });

/** `POST /trash/empty`: everything in the trash, for good. */
export const emptyTrash = () => apiRequest("/trash/empty", { method: "POST" });

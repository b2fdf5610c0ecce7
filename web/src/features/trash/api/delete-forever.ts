import { api } from "@/drive/api/api-client";

/** `POST /trash/delete`: these items of the trash, for good. */
export const deleteForever = (ids: string[]) => api.post("/trash/delete", { body: { ids } });

/** `POST /trash/empty`: everything in the trash, for good. */
export const emptyTrash = () => api.post("/trash/empty");

import { useQuery } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { itemsLabel } from "@/drive/errors/action-error";
import { restoreItems } from "@/features/trash/restore";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface DeleteVars {
  items: { id: string; name: string }[];
}

/** `POST /files/delete`: to the trash on a server with one, for good on Teldrive 1.8. */
export const deleteFiles = ({ items }: DeleteVars) =>
  api.post("/files/delete", { body: { ids: items.map((i) => i.id) } });

/** Whether a delete goes to the trash (and can be undone) on this server. */
export const useDeleteGoesToTrash = () => (useQuery(capabilitiesQueryOptions()).data ?? TELDRIVE_1_8).trash;

export function useDeleteFiles() {
  const toTrash = useDeleteGoesToTrash();
  return useFileMutation(deleteFiles, {
    pending: (v) => `Deleting ${itemsLabel(v.items)}…`,
    success: (v) => `Deleted ${itemsLabel(v.items)}`,
    action: (v) => (toTrash ? { label: "Undo", onClick: () => void restoreItems(v.items) } : undefined),
    subject: (v) => (v.items.length === 1 ? v.items[0]?.name : undefined),
  });
}

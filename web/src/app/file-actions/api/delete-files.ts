import { api } from "@/lib/api-client";
import { itemsLabel } from "@/shared/lib/action-error";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface DeleteVars {
  items: { id: string; name: string }[];
}

export const deleteFiles = ({ items }: DeleteVars) =>
  api.post("/files/delete", { body: { ids: items.map((i) => i.id) } });

export const useDeleteFiles = () =>
  useFileMutation(deleteFiles, {
    pending: (v) => `Deleting ${itemsLabel(v.items)}…`,
    success: (v) => `Deleted ${itemsLabel(v.items)}`,
    subject: (v) => (v.items.length === 1 ? v.items[0]?.name : undefined),
  });

import { api } from "@/drive/api/api-client";
import { itemsLabel } from "@/drive/errors/action-error";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface CopyVars {
  items: { id: string; name: string }[];
  /** Folder path or id. */
  destination: string;
  destinationLabel: string;
}

/** The API copies one file per call; copy them one after another so a failure says which. */
export async function copyFiles({ items, destination }: CopyVars) {
  for (const item of items) {
    await api.post("/files/{id}/copy", { path: { id: item.id }, body: { destination } });
  }
}

export const useCopyFiles = () =>
  useFileMutation(copyFiles, {
    pending: (v) => `Copying ${itemsLabel(v.items)}…`,
    success: (v) => `Copied ${itemsLabel(v.items)} to ${v.destinationLabel}`,
    subject: (v) => (v.items.length === 1 ? v.items[0]?.name : undefined),
  });

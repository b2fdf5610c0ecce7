import { api } from "@/lib/api-client";
import { itemsLabel } from "@/shared/lib/action-error";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface MoveVars {
  items: { id: string; name: string }[];
  /** Folder id or path ("/Docs"); the server accepts either. */
  destination: string;
  destinationLabel: string;
}

export const moveFiles = ({ items, destination }: MoveVars) =>
  api.post("/files/move", { body: { ids: items.map((i) => i.id), destinationParent: destination } });

export const useMoveFiles = () =>
  useFileMutation(moveFiles, {
    pending: (v) => `Moving ${itemsLabel(v.items)}…`,
    success: (v) => `Moved ${itemsLabel(v.items)} to ${v.destinationLabel}`,
    subject: (v) => (v.items.length === 1 ? v.items[0]?.name : undefined),
  });

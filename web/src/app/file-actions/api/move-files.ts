import { api } from "@/drive/api/api-client";
import { queryClient } from "@/drive/api/query-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { itemsLabel } from "@/drive/errors/action-error";
import { describeError } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface MoveVars {
  /** `parentId`: the folder each came from, which Undo moves it back to. */
  items: { id: string; name: string; parentId?: string }[];
  /** Folder id or path ("/Docs"); the server accepts either. */
  destination: string;
  destinationLabel: string;
}

export const moveFiles = ({ items, destination }: MoveVars) =>
  api.post("/files/move", { body: { ids: items.map((i) => i.id), destinationParent: destination } });

/** Moves items back to the folders they came from (one move per folder); the Undo of a move. */
export async function moveBack(items: MoveVars["items"]): Promise<void> {
  const byFolder = new Map<string, MoveVars["items"]>();
  for (const item of items) byFolder.set(item.parentId ?? "", [...(byFolder.get(item.parentId ?? "") ?? []), item]);
  const id = toast.loading(`Moving ${itemsLabel(items)} back…`);
  try {
    for (const [folder, group] of byFolder)
      if (folder) await moveFiles({ items: group, destination: folder, destinationLabel: "" });
    toast.success(`Moved ${itemsLabel(items)} back`, { id });
  } catch (error) {
    toast.error(`Could not move back: ${describeError(error)}`, { id });
  } finally {
    void queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY });
  }
}

export const useMoveFiles = () =>
  useFileMutation(moveFiles, {
    pending: (v) => `Moving ${itemsLabel(v.items)}…`,
    success: (v) => `Moved ${itemsLabel(v.items)} to ${v.destinationLabel}`,
    action: (v) =>
      v.items.every((i) => i.parentId) ? { label: "Undo", onClick: () => void moveBack(v.items) } : undefined,
    subject: (v) => (v.items.length === 1 ? v.items[0]?.name : undefined),
  });

import { ApiError, api } from "@/drive/api/api-client";
import { itemsLabel } from "@/drive/errors/action-error";
import { copyNames } from "@/drive/files/free-name";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface CopyVars {
  items: { id: string; name: string; parentId?: string }[];
  /** Folder path or id. */
  destination: string;
  /** The destination folder's id, when known: a copy into an item's own folder is named "Copy of …". */
  destinationId?: string;
  destinationLabel: string;
}

const isClash = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The API copies one file per call; copy them one after another so a failure says which. A name already taken in the
 * destination gets the next free "Copy of name" (in its own folder) or "name (1).ext", as Drive does: the server says
 * which are taken by answering 409, so two copies made at once cannot take the same name.
 */
export async function copyFiles({ items, destination, destinationId }: CopyVars) {
  for (const item of items) {
    const copy = (newName?: string) =>
      api.post("/files/{id}/copy", { path: { id: item.id }, body: { destination, ...(newName ? { newName } : {}) } });
    try {
      await copy();
      continue;
    } catch (error) {
      if (!isClash(error)) throw error;
    }
    let copied = false;
    let lastError: unknown;
    for (const name of copyNames(item.name, destinationId !== undefined && item.parentId === destinationId)) {
      try {
        await copy(name);
        copied = true;
        break;
      } catch (error) {
        if (!isClash(error)) throw error;
        lastError = error;
      }
    }
    if (!copied) throw lastError;
  }
}

export const useCopyFiles = () =>
  useFileMutation(copyFiles, {
    pending: (v) => `Copying ${itemsLabel(v.items)}…`,
    success: (v) => `Copied ${itemsLabel(v.items)} to ${v.destinationLabel}`,
    subject: (v) => (v.items.length === 1 ? v.items[0]?.name : undefined),
  });

import { queryClient } from "@/drive/api/query-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { itemsLabel } from "@/drive/errors/action-error";
import { describeError } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { clashesOf, type OnConflict, type RestoreResult, restoreFromTrash } from "./api/restore-from-trash";
import { restoredMessage } from "./lib/trash-text";
import { useRestoreClashStore } from "./restore-clash-store";

/**
 * Puts items back from the trash, with a toast for each step. When a name is taken where an item goes back, nothing
 * is restored and the user is asked what to do (rename, replace or skip), which calls this again with the choice.
 * Used by the trash page and by Undo after a delete.
 */
export async function restoreItems(
  items: { id: string; name: string }[],
  onConflict?: OnConflict,
): Promise<RestoreResult | undefined> {
  const id = toast.loading(`Restoring ${itemsLabel(items)}…`);
  try {
    const result = await restoreFromTrash(
      items.map((i) => i.id),
      onConflict,
    );
    toast.success(restoredMessage(result), { id });
    return result;
  } catch (error) {
    const clashes = clashesOf(error);
    if (clashes) {
      toast.info("A name is already taken where it goes back", { id });
      useRestoreClashStore.setState({ request: { items, clashes } });
    } else toast.error(`Could not restore: ${describeError(error)}`, { id });
    return undefined;
  } finally {
    void queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ["uploads"] });
  }
}

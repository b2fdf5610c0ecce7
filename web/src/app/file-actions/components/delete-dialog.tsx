import { itemsLabel } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { Button } from "@/ui/button";
import { Dialog, DialogClose } from "@/ui/dialog";
import { useDeleteFiles, useDeleteGoesToTrash } from "../api/delete-files";

const SHOWN = 10;

/**
 * Confirms a delete, naming what goes and where: to the trash (restorable for 30 days, and Undo on the toast), or, on
 * a server without a trash (Teldrive 1.8), for good. Cancel holds the focus, so Enter never deletes by surprise; the
 * note about folders shows only when a folder is among the items.
 */
export function DeleteDialog({ items, onClose }: { items: FileItem[]; onClose: () => void }) {
  const remove = useDeleteFiles();
  const toTrash = useDeleteGoesToTrash();
  const confirm = () => remove.mutateAsync({ items }).then(onClose, () => {});
  const folders = items.some((item) => item.isDir) ? "Folders are deleted with everything inside them. " : "";
  const where = toTrash
    ? "Deleted items go to the trash, where you can restore them for 30 days."
    : "This is permanent: deleted items cannot be restored.";
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${itemsLabel(items)}?`}
      description={`${folders}${where}`}
    >
      <ul className="max-h-48 list-disc overflow-auto pl-6 text-sm" aria-label="Items to delete">
        {items.slice(0, SHOWN).map((item) => (
          <li key={item.id} className="truncate">
            {item.name}
          </li>
        ))}
        {items.length > SHOWN && <li>and {items.length - SHOWN} more</li>}
      </ul>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="text" autoFocus>
            Cancel
          </Button>
        </DialogClose>
        <Button variant="danger" disabled={remove.isPending} onClick={confirm}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}

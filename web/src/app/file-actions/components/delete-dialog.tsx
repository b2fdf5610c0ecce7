import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { itemsLabel } from "@/shared/lib/action-error";
import type { FileItem } from "@/shared/lib/file-item";
import { useDeleteFiles } from "../api/delete-files";

const SHOWN = 10;

/**
 * Confirms a delete, naming what goes. Cancel holds the focus, so Enter never deletes by surprise; the warning about
 * folders shows only when a folder is among the items.
 */
export function DeleteDialog({ items, onClose }: { items: FileItem[]; onClose: () => void }) {
  const remove = useDeleteFiles();
  const confirm = () => remove.mutateAsync({ items }).then(onClose, () => {});
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${itemsLabel(items)}?`}
      description={items.some((item) => item.isDir) ? "Folders are deleted with everything inside them." : undefined}
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

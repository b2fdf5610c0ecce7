import { Plus } from "lucide-react";
import { fileCommandsFor } from "@/drive/commands/file-commands";
import { cn } from "@/lib/cn";
import { focusRing } from "@/ui/button";
import { useFileListView } from "../hooks/use-file-list-view";
import { useSelection } from "../stores/selection-store";
import { CommandMenu } from "./command-menu";

/** Whether this browser can pick a whole folder. */
const canPickFolders = () => "webkitdirectory" in HTMLInputElement.prototype;

/**
 * A phone's "New": a floating button at the bottom right, under the thumb, over the list's end (the list keeps room
 * for it below its last row). Hidden while items are being selected, when the selection bar has the row.
 */
export function NewButton() {
  const view = useFileListView();
  // As the toolbar decides: selected items still in the list (a deleted one may stay in the id set a moment).
  const ids = useSelection((s) => s.ids);
  const selecting = ids.size > 0 && view.selectedItems().length > 0;
  if (!view.canCreate || view.selectMode || selecting) return null;
  const commands = fileCommandsFor([], { canCreate: true }).filter((c) => c.id !== "uploadFolder" || canPickFolders());
  return (
    // The folder's commands, as the toolbar's "Folder" group is on a wider screen.
    <div role="toolbar" aria-label="Folder" className="absolute right-4 bottom-4 z-20">
      <CommandMenu
        commands={commands}
        onCommand={(id) => view.onCommand(id, [])}
        trigger={
          <button
            type="button"
            aria-label="New"
            title="New"
            className={cn(
              "flex size-14 items-center justify-center rounded-2xl bg-primary-container text-on-primary-container shadow-lg",
              "hover:brightness-95 active:brightness-90",
              focusRing,
            )}
          >
            <Plus aria-hidden className="size-6" />
          </button>
        }
      />
    </div>
  );
}

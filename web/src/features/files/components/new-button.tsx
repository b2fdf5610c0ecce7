import { Plus } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { fileCommandsFor } from "@/drive/commands/file-commands";
import { liftAbove, useBottomOverlayReach } from "@/lib/bottom-overlays";
import { cn } from "@/lib/cn";
import { focusRing } from "@/ui/button";
import { useFileListView } from "../hooks/use-file-list-view";
import { useSelection } from "../stores/selection-store";
import { CommandMenu } from "./command-menu";

/** Whether this browser can pick a whole folder. */
const canPickFolders = () => "webkitdirectory" in HTMLInputElement.prototype;

/** Its place above the list's bottom edge, and what it keeps clear above a panel it rises over. */
const RESTING = 16;
const GAP = 12;

/**
 * A phone's "New": a floating button at the bottom right, under the thumb, over the list's end (the list keeps room
 * for it below its last row). Hidden while items are being selected, when the selection bar has the row. While an
 * upload or download panel is open at the bottom, it rises above it, as a FAB does above a snackbar: still in reach,
 * and the panel keeps its full width for names.
 */
export function NewButton() {
  const view = useFileListView();
  // As the toolbar decides: selected items still in the list (a deleted one may stay in the id set a moment).
  const ids = useSelection((s) => s.ids);
  const selecting = ids.size > 0 && view.selectedItems().length > 0;
  const hidden = !view.canCreate || view.selectMode || selecting;
  const reach = useBottomOverlayReach();
  const place = useRef<HTMLDivElement>(null);
  const [lift, setLift] = useState(0);
  useLayoutEffect(() => {
    const list = place.current?.offsetParent;
    if (hidden || !list) return;
    const update = () =>
      setLift(liftAbove(reach, window.innerHeight - list.getBoundingClientRect().bottom + RESTING, GAP));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [reach, hidden]);
  if (hidden) return null;
  const commands = fileCommandsFor([], { canCreate: true }).filter((c) => c.id !== "uploadFolder" || canPickFolders());
  return (
    // The folder's commands, as the toolbar's "Folder" group is on a wider screen.
    <div
      ref={place}
      role="toolbar"
      aria-label="Folder"
      className="absolute right-4 z-20 motion-safe:transition-[bottom] motion-safe:duration-200"
      style={{ bottom: RESTING + lift }}
    >
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

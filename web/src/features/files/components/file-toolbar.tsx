import { CheckSquare, Info, MoreVertical, Plus, X } from "lucide-react";
import type { ReactNode } from "react";
import { useCanRequestFiles } from "@/drive/api/capabilities";
import { type FileCommandId, fileCommandsFor } from "@/drive/commands/file-commands";
import { useDetails } from "@/drive/details/details-store";
import { useStarredIds } from "@/drive/stars/stars";
import { cn } from "@/lib/cn";
import { PHONE_QUERY, useMediaQuery } from "@/lib/hooks/use-media-query";
import { Button } from "@/ui/button";
import { IconButton } from "@/ui/icon-button";
import { useFileListView } from "../hooks/use-file-list-view";
import { useSelection } from "../stores/selection-store";
import { CommandIcon } from "./command-icon";
import { CommandMenu } from "./command-menu";
import { SortMenu } from "./sort-menu";
import { ViewOptionsMenu } from "./view-options-menu";
import { ViewToggle } from "./view-toggle";

/** Commands a narrow selection bar keeps as buttons; the others go into "More actions". */
const NARROW_INLINE = new Set<FileCommandId>(["move", "remove"]);

/**
 * One row, always (`h-14`), sized by its own width (a container query), not the window's: the folder's title or
 * breadcrumbs, creation commands, Select on touch screens, sort and list/grid. Where there is little room (a phone)
 * the creation commands fold into one "New" menu (on a phone a floating button, `NewButton`) and sort with list/grid into "View options". While items are
 * selected a selection bar takes the same row: the title stays where there is room for it (rows can be dragged
 * onto its breadcrumbs).
 */
export function FileToolbar({ title }: { title: ReactNode }) {
  const view = useFileListView();
  // Subscribing to the id set (not its size) re-renders the toolbar when the selection changes to another
  // item of the same count, e.g. after a moved item leaves the list and another one is clicked.
  const selectedIds = useSelection((s) => s.ids);
  const clear = useSelection((s) => s.clear);
  const selected = selectedIds.size > 0 ? view.selectedItems() : [];
  const selecting = selected.length > 0;
  const detailsOpen = useDetails((s) => s.open);
  const starredIds = useStarredIds();
  const fileRequests = useCanRequestFiles();
  const itemCommands = fileCommandsFor(selected, {
    canCreate: false,
    showInFolder: view.showInFolder,
    starred: selecting && selected.every((i) => starredIds.has(i.id)),
    fileRequests,
  }).filter((c) => c.id !== "open");
  // Wider screens have the Details toggle at the end of the row; a phone finds Details under "More actions".
  const inlineCommands = itemCommands.filter((c) => c.id !== "details");
  // A phone has its "New" at the bottom, under the thumb (new-button.tsx).
  const phone = useMediaQuery(PHONE_QUERY);
  const createCommands = view.canCreate && !phone ? fileCommandsFor([], { canCreate: true }) : [];
  const run = (id: FileCommandId) => view.onCommand(id, selecting ? selected : []);

  return (
    <div className="@container shrink-0 border-b border-outline-variant">
      <div data-testid="file-toolbar" className="flex h-14 items-center gap-1 px-2 @xl:px-3">
        <div className={cn("min-w-0 flex-1", selecting && "hidden @3xl:block")}>{title}</div>
        {selecting ? (
          <div role="toolbar" aria-label="Selection" className="flex min-w-0 flex-1 items-center gap-1 @3xl:flex-none">
            <IconButton
              label="Clear selection"
              onClick={() => {
                clear();
                view.setSelectMode(false);
              }}
            >
              <X aria-hidden className="size-5" />
            </IconButton>
            <span className="min-w-0 flex-1 truncate px-1 text-sm font-medium @3xl:flex-none">
              {selected.length} selected
            </span>
            {inlineCommands.map((command) => (
              <IconButton
                key={command.id}
                label={command.label}
                className={cn(
                  !NARROW_INLINE.has(command.id) && "hidden @2xl:inline-flex",
                  command.danger && "text-error",
                )}
                onClick={() => run(command.id)}
              >
                <CommandIcon id={command.id} className="size-5" />
              </IconButton>
            ))}
            <div className="@2xl:hidden">
              <CommandMenu
                commands={itemCommands.filter((c) => !NARROW_INLINE.has(c.id))}
                onCommand={run}
                trigger={
                  <IconButton label="More actions">
                    <MoreVertical aria-hidden className="size-5" />
                  </IconButton>
                }
              />
            </div>
          </div>
        ) : (
          createCommands.length > 0 && (
            <div role="toolbar" aria-label="Folder" className="flex items-center gap-1">
              {createCommands.map((command) => (
                <Button
                  key={command.id}
                  variant="tonal"
                  className="hidden h-10 px-3 @3xl:inline-flex"
                  onClick={() => run(command.id)}
                >
                  <CommandIcon id={command.id} />
                  {command.label}
                </Button>
              ))}
              <div className="@3xl:hidden">
                <CommandMenu
                  commands={createCommands}
                  onCommand={run}
                  trigger={
                    <IconButton label="New" className="bg-secondary-container text-on-secondary-container">
                      <Plus aria-hidden className="size-6" />
                    </IconButton>
                  }
                />
              </div>
            </div>
          )
        )}
        <IconButton
          label="Select"
          aria-pressed={view.selectMode}
          className={cn("hidden pointer-coarse:inline-flex", view.selectMode && "bg-primary-container")}
          onClick={() => view.setSelectMode(!view.selectMode)}
        >
          <CheckSquare aria-hidden className="size-5" />
        </IconButton>
        <div className={cn("flex items-center", selecting && "hidden @3xl:flex")}>
          <div className="hidden items-center @xl:flex">
            <SortMenu sort={view.sort} onSortChange={view.onSortChange} />
            <ViewToggle />
          </div>
          <div className="@xl:hidden">
            <ViewOptionsMenu sort={view.sort} onSortChange={view.onSortChange} />
          </div>
        </div>
        <IconButton
          label="Details"
          title="Details (Alt+Enter)"
          aria-pressed={detailsOpen}
          className={cn("hidden md:inline-flex", detailsOpen && "bg-secondary-container text-on-secondary-container")}
          onClick={() => useDetails.getState().toggle()}
        >
          <Info aria-hidden className="size-5" />
        </IconButton>
      </div>
    </div>
  );
}

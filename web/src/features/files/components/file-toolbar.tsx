import { CheckSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { cn } from "@/lib/cn";
import { type FileCommandId, fileCommandsFor } from "../lib/file-commands";
import type { FileItem } from "../lib/file-item";
import type { Sort } from "../lib/list-query";
import { useSelection } from "../stores/selection-store";
import { CommandIcon } from "./command-icon";
import { SortMenu } from "./sort-menu";
import { ViewToggle } from "./view-toggle";

export interface FileToolbarProps {
  /** Heading or breadcrumbs. */
  title: ReactNode;
  canCreate: boolean;
  sort: Sort;
  onSortChange(sort: Sort): void;
  selectMode: boolean;
  onSelectModeChange(on: boolean): void;
  selectedItems(): FileItem[];
  onCommand(id: FileCommandId, items: FileItem[]): void;
}

/** Creation commands for the folder, item commands for the selection, sort and list/grid. */
export function FileToolbar(props: FileToolbarProps) {
  // Subscribing to the id set (not its size) re-renders the toolbar when the selection changes to another
  // item of the same count, e.g. after a moved item leaves the list and another one is clicked.
  const selectedIds = useSelection((s) => s.ids);
  const selected = selectedIds.size > 0 ? props.selectedItems() : [];
  const itemCommands = fileCommandsFor(selected, { canCreate: false }).filter((c) => c.id !== "open");
  const createCommands = props.canCreate ? fileCommandsFor([], { canCreate: true }) : [];

  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-outline-variant px-3 py-2">
      <div className="min-w-0 flex-1">{props.title}</div>
      {selected.length > 0 ? (
        <div role="toolbar" aria-label="Selection" className="flex flex-wrap items-center gap-1">
          <span className="px-2 text-sm text-on-surface-variant">{selected.length} selected</span>
          {itemCommands.map((command) => (
            <IconButton
              key={command.id}
              label={command.label}
              className={cn(command.danger && "text-error")}
              onClick={() => props.onCommand(command.id, selected)}
            >
              <CommandIcon id={command.id} className="size-5" />
            </IconButton>
          ))}
        </div>
      ) : (
        createCommands.length > 0 && (
          <div role="toolbar" aria-label="Folder" className="flex flex-wrap items-center gap-1">
            {createCommands.map((command) => (
              <Button
                key={command.id}
                variant="tonal"
                className="h-9 px-3"
                onClick={() => props.onCommand(command.id, [])}
              >
                <CommandIcon id={command.id} />
                <span className="hidden sm:inline">{command.label}</span>
                <span className="sr-only sm:hidden">{command.label}</span>
              </Button>
            ))}
          </div>
        )
      )}
      <div className="flex items-center">
        <IconButton
          label="Select"
          aria-pressed={props.selectMode}
          className={cn("hidden pointer-coarse:inline-flex", props.selectMode && "bg-primary-container")}
          onClick={() => props.onSelectModeChange(!props.selectMode)}
        >
          <CheckSquare aria-hidden className="size-5" />
        </IconButton>
        <SortMenu sort={props.sort} onSortChange={props.onSortChange} />
        <ViewToggle />
      </div>
    </div>
  );
}

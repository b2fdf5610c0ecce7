import { ArchiveRestore, File, Folder, Trash2 } from "lucide-react";
import type { MouseEvent } from "react";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/dates";
import { formatSize } from "@/lib/format-size";
import { type ClickMode, clickModeOf } from "@/lib/selection";
import { Button } from "@/ui/button";
import { IconButton } from "@/ui/icon-button";
import type { TrashItem } from "../api/get-trash";
import { originLabel } from "../lib/trash-text";
import { SelectCheckbox } from "./select-checkbox";

/** One deleted item: where it was, when it was deleted, its size; select, restore or delete it forever. */
export function TrashRow(props: {
  item: TrashItem;
  selected: boolean;
  onSelect(mode: ClickMode): void;
  onRestore(): void;
  onDelete(): void;
}) {
  const { item } = props;
  const isDir = item.type === "folder";
  const Icon = isDir ? Folder : File;
  const deleted = formatDate(new Date(item.trashedAt));
  // A click on the row's text selects as in the file list (Ctrl/Cmd toggles, Shift extends); a tap toggles.
  const onClick = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest("button, label")) return;
    const touch = "pointerType" in e.nativeEvent && e.nativeEvent.pointerType === "touch";
    props.onSelect(touch ? "toggle" : clickModeOf(e));
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox in the row is its keyboard equivalent
    <li
      className={cn("flex items-center gap-2 py-1 pr-1", props.selected && "bg-secondary-container/50")}
      onClick={onClick}
      onMouseDown={(e) => e.shiftKey && e.preventDefault()}
    >
      <SelectCheckbox
        label={`Select "${item.name}"`}
        checked={props.selected}
        onToggle={(shift) => props.onSelect(shift ? "range" : "toggle")}
      />
      <Icon aria-hidden className="size-6 shrink-0 text-on-surface-variant" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.name}</p>
        <p className="text-sm break-words text-on-surface-variant">
          From {originLabel(item.origin)} · Deleted {deleted}
          {!isDir && ` · ${formatSize(item.size ?? 0)}`}
        </p>
      </div>
      <Button
        variant="text"
        aria-label={`Restore "${item.name}"`}
        className="max-sm:w-11 max-sm:px-0"
        onClick={props.onRestore}
      >
        <ArchiveRestore aria-hidden className="size-5 sm:hidden" />
        <span className="max-sm:hidden">Restore</span>
      </Button>
      <IconButton label={`Delete "${item.name}" forever`} onClick={props.onDelete}>
        <Trash2 aria-hidden className="size-5" />
      </IconButton>
    </li>
  );
}

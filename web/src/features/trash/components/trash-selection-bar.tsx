import { ArchiveRestore, type LucideIcon, Trash2, X } from "lucide-react";
import { useId } from "react";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { IconButton } from "@/ui/icon-button";
import { SelectCheckbox } from "./select-checkbox";

export interface TrashSelectionBarProps {
  selected: number;
  loaded: number;
  /** "250 more below not loaded", when the trash has pages not loaded yet. */
  note?: string;
  busy: boolean;
  onSelectAll(all: boolean): void;
  onRestore(): void;
  onDelete(): void;
  onClear(): void;
}

/**
 * Above the list: a checkbox for every loaded item and, while items are selected, their count with Restore, Delete
 * forever and Clear selection. On a phone the two actions are icons (their names stay their accessible names) and
 * the note about items not loaded wraps under the count, so the row never cramps at 360 px.
 */
export function TrashSelectionBar(props: TrashSelectionBarProps) {
  const selecting = props.selected > 0;
  const allId = useId();
  return (
    <div
      role="toolbar"
      aria-label="Selection"
      className={cn(
        "sticky top-0 z-10 flex min-h-14 items-center gap-x-1 rounded-xl pr-1",
        selecting ? "bg-secondary-container text-on-secondary-container" : "bg-surface",
      )}
    >
      <SelectCheckbox
        id={allId}
        label="Select all loaded items"
        checked={selecting && props.selected === props.loaded}
        mixed={selecting && props.selected < props.loaded}
        onToggle={() => props.onSelectAll(props.selected < props.loaded)}
      />
      {selecting ? (
        <p aria-live="polite" className="mr-auto flex min-w-0 flex-col px-1 py-1">
          <span className="text-sm font-medium">{props.selected} selected</span>
          {props.note && <span className="text-xs">{props.note}</span>}
        </p>
      ) : (
        <label htmlFor={allId} className="mr-auto cursor-pointer px-1 text-sm text-on-surface-variant">
          Select all
        </label>
      )}
      {selecting && (
        <>
          <BarAction label="Restore" icon={ArchiveRestore} disabled={props.busy} onClick={props.onRestore} />
          <BarAction
            label="Delete forever"
            icon={Trash2}
            className="text-error"
            disabled={props.busy}
            onClick={props.onDelete}
          />
          <IconButton label="Clear selection" onClick={props.onClear}>
            <X aria-hidden className="size-5" />
          </IconButton>
        </>
      )}
    </div>
  );
}

/** A labelled action that is an icon on a phone; its label stays its accessible name there. */
function BarAction(props: { label: string; icon: LucideIcon; className?: string; disabled: boolean; onClick(): void }) {
  const Icon = props.icon;
  return (
    <Button
      variant="text"
      title={props.label}
      className={cn("px-3 max-sm:w-11 max-sm:px-0", props.className)}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <Icon aria-hidden className="size-5" />
      <span className="max-sm:sr-only">{props.label}</span>
    </Button>
  );
}

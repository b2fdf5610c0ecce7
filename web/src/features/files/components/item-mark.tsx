import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * Where a row, tile or card draws its type icon (or thumbnail): in touch select mode a check box there instead, so
 * each tap's effect shows where the finger is. Only a picture: the item's aria-selected says the same to a screen
 * reader. A box as wide as a list thumbnail, so names start at the same x with pictures, icons or boxes.
 */
export function ItemMark({
  selectMode,
  selected,
  children,
}: {
  selectMode: boolean;
  selected: boolean;
  children: ReactNode;
}) {
  return (
    <span className="flex size-7 shrink-0 items-center justify-center">
      {selectMode ? (
        <span
          aria-hidden
          data-select-mark={selected ? "checked" : "unchecked"}
          className={cn(
            "flex size-5 items-center justify-center rounded-md border-2",
            selected ? "border-primary bg-primary text-on-primary" : "border-on-surface-variant",
          )}
        >
          {selected && <span className="mb-0.5 h-2.5 w-1.5 rotate-45 border-r-2 border-b-2 border-current" />}
        </span>
      ) : (
        children
      )}
    </span>
  );
}

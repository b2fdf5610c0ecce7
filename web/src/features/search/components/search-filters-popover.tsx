import { Popover } from "radix-ui";
import { type ReactElement, type RefObject, useState } from "react";
import type { SearchParams } from "../lib/search-filters";
import { SearchFilterForm } from "./search-filter-form";

export interface SearchFiltersPopoverProps {
  /** The search box: the popup opens below it. */
  anchor: RefObject<HTMLElement | null>;
  /** The filters button inside the search box. */
  trigger: ReactElement;
  defaultOpen: boolean;
  initial: SearchParams;
  currentPath?: string;
}

/** The search filter popup; loaded with its form when the filters button is first used. */
export function SearchFiltersPopover({
  anchor,
  trigger,
  defaultOpen,
  initial,
  currentPath,
}: SearchFiltersPopoverProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="center"
          sideOffset={8}
          aria-label="Search filters"
          className="z-50 max-h-[calc(100dvh-6rem)] w-[min(32rem,calc(100vw-1rem))] overflow-auto rounded-3xl border border-outline-variant bg-surface-container p-4 text-on-surface shadow-xl outline-none"
        >
          <SearchFilterForm initial={initial} currentPath={currentPath} onDone={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

import { AriaGridCell } from "@/ui/aria-grid";

/** A grid card whose page has not arrived yet. */
export function PlaceholderCard({ index, focusable }: { index: number; focusable: boolean }) {
  return (
    <AriaGridCell
      aria-busy
      aria-label="Loading…"
      tabIndex={focusable ? 0 : -1}
      data-index={index}
      data-placeholder
      className="flex h-full flex-col gap-2 rounded-xl border border-outline-variant p-3 outline-none focus-visible:outline-2 focus-visible:outline-primary"
    >
      <div aria-hidden className="flex-1 rounded-md bg-surface-container-high" />
      <div aria-hidden className="h-4 w-2/3 rounded-md bg-surface-container-high" />
    </AriaGridCell>
  );
}

import { AriaGridCell, AriaGridRow } from "@/ui/aria-grid";

/**
 * A row whose page has not arrived yet: same height and position as the row it stands for. Static on purpose: a
 * fast scroll shows dozens of these per frame, and a pulsing animation on each costs style and paint work.
 */
export function PlaceholderRow({
  index,
  start,
  height,
  focusable,
}: {
  index: number;
  start: number;
  height: number;
  focusable: boolean;
}) {
  return (
    <AriaGridRow
      aria-rowindex={index + 2}
      aria-busy
      aria-label="Loading…"
      tabIndex={focusable ? 0 : -1}
      data-index={index}
      data-placeholder
      className="absolute top-0 left-0 flex w-full items-center [contain:strict] gap-3 border-b border-outline-variant/40 px-4 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
      style={{ height, transform: `translateY(${start}px)` }}
    >
      <AriaGridCell className="flex flex-1 items-center gap-3">
        <div aria-hidden className="size-6 rounded-md bg-surface-container-high" />
        <div aria-hidden className="h-4 w-1/3 rounded-md bg-surface-container-high" />
      </AriaGridCell>
    </AriaGridRow>
  );
}

import { Download } from "lucide-react";
import { useRef } from "react";
import { describeItem } from "@/drive/files/describe-item";
import { FileIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import { formatSize } from "@/lib/format-size";
import { columnsThatFit } from "@/lib/grid-columns";
import { useElementWidth } from "@/lib/hooks/use-element-width";
import { useListFocus } from "@/lib/hooks/use-list-focus";
import { useMediaQuery } from "@/lib/hooks/use-media-query";
import { AriaGrid, AriaGridCell, AriaGridRow } from "@/ui/aria-grid";
import { IconButton } from "@/ui/icon-button";
import { CARD_GAP, CARD_MIN, inRows } from "../lib/share-grid";

/** The sm breakpoint (styles.css), from which cards are wider. */
const WIDE_QUERY = "(min-width: 476px)";

/**
 * The files of a shared folder as cards with their thumbnails; a card opens (folders navigate, files preview). A grid
 * as the drive's is: rows of cards as wide as fit, each card a focus stop (one at a time in the Tab order, with its
 * Download), the arrows, Home, End and the page keys move between cards, Enter opens. Each card is heard as the
 * drive's are: name, type, size, date.
 */
export function ShareFileGrid(props: {
  label: string;
  items: FileItem[];
  onOpen: (item: FileItem) => void;
  onDownload: (item: FileItem) => void;
  /** Focus the first card when shown (the visitor opened this folder from the grid). */
  autoFocus?: boolean;
}) {
  const { items } = props;
  const grid = useRef<HTMLDivElement>(null);
  const width = useElementWidth(grid, true);
  const wide = useMediaQuery(WIDE_QUERY);
  const columns = columnsThatFit(width, wide ? CARD_MIN.wide : CARD_MIN.phone, CARD_GAP);
  const roving = useListFocus(items.length, columns, {
    focusOnMount: props.autoFocus,
    onEnter: (index) => {
      const item = items[index];
      if (item) props.onOpen(item);
    },
  });
  const rows = inRows(items, columns);

  return (
    <AriaGrid
      ref={grid}
      aria-label={props.label}
      aria-rowcount={rows.length}
      aria-colcount={columns}
      className="flex flex-col"
      style={{ gap: CARD_GAP }}
      onKeyDown={roving.onKeyDown}
    >
      {rows.map((row, r) => (
        <AriaGridRow
          // Rows are cut anew whenever the width changes; a row is its place, not its cards.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={r}
          aria-rowindex={r + 1}
          className="grid"
          style={{ gap: CARD_GAP, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {row.map((item, c) => {
            const index = r * columns + c;
            return (
              <AriaGridCell
                key={item.id}
                {...roving.stop(index)}
                aria-colindex={c + 1}
                aria-label={describeItem(item)}
                data-testid="share-card"
                className="relative flex h-48 min-w-0 flex-col overflow-hidden rounded-xl border border-outline-variant bg-surface-container-low text-sm outline-none hover:bg-on-surface/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary sm:h-52"
              >
                {/* For the pointer; the keyboard opens the card with Enter. */}
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={item.name}
                  onClick={() => props.onOpen(item)}
                  className="flex min-h-0 flex-1 flex-col text-left outline-none"
                >
                  <span className="flex min-h-0 w-full flex-1 items-center justify-center overflow-hidden bg-surface-container">
                    <FileIcon item={item} large />
                  </span>
                  <span className={cn("w-full truncate pt-2 pl-3", item.isDir ? "pr-3" : "pr-12")} title={item.name}>
                    {item.name}
                  </span>
                  <span className="px-3 pb-2 text-xs text-on-surface-variant">
                    {item.isDir ? "Folder" : formatSize(item.size)}
                  </span>
                </button>
                {!item.isDir && (
                  <IconButton
                    label={`Download ${item.name}`}
                    tabIndex={index === roving.index ? 0 : -1}
                    className="absolute right-0.5 bottom-0.5"
                    onClick={() => props.onDownload(item)}
                  >
                    <Download aria-hidden className="size-5" />
                  </IconButton>
                )}
              </AriaGridCell>
            );
          })}
        </AriaGridRow>
      ))}
    </AriaGrid>
  );
}

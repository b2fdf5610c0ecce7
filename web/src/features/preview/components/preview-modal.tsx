import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type KeyboardEvent, useCallback, useMemo, useState } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { IconButton } from "@/ui/icon-button";
import { downloadFrom } from "../lib/download";
import { neighbourIndex, previewableItems, sameKindNeighbour } from "../lib/preview-nav";
import type { PreviewSource } from "../lib/preview-source";
import { PreviewBody } from "./preview-body";

export interface PreviewModalProps {
  item: FileItem;
  /** The folder's items in display order; previous/next walk the previewable ones. */
  items: FileItem[];
  source: PreviewSource;
  onClose: () => void;
}

/** Full-window preview with previous/next within the folder, download, and Esc to close. */
export function PreviewModal({ item, items, source, onClose }: PreviewModalProps) {
  const list = useMemo(() => previewableItems(items, item), [items, item]);
  // Radix gives the focus back only to a Dialog.Trigger; the row (or button) that opened the preview gets it here.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const [index, setListIndex] = useState(() =>
    Math.max(
      0,
      list.findIndex((i) => i.id === item.id),
    ),
  );
  // A file opened from a document's link that is not among `items`: shown until previous/next go back to the list.
  const [visited, setVisited] = useState<FileItem>();
  const setIndex = (i: number) => {
    setVisited(undefined);
    setListIndex(i);
  };
  const openItem = useCallback(
    (target: FileItem) => {
      const at = list.findIndex((i) => i.id === target.id);
      setVisited(at >= 0 ? undefined : target);
      if (at >= 0) setListIndex(at);
    },
    [list],
  );
  const current = visited ?? list[index] ?? item;
  const prev = neighbourIndex(list.length, index, -1);
  const next = neighbourIndex(list.length, index, 1);
  const nextMedia = sameKindNeighbour(list, index, 1);
  const prevMedia = sameKindNeighbour(list, index, -1);

  const download = () =>
    downloadFrom(source, current).catch((e: unknown) =>
      toast.error(`Download failed: ${e instanceof Error ? e.message : "unknown error"}`),
    );

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // Media controls and fields use the arrow keys themselves.
    if (target.closest("input, textarea, select, video, audio, [role=slider], [role=menu]")) return;
    if (event.key === "ArrowLeft" && prev !== undefined) setIndex(prev);
    if (event.key === "ArrowRight" && next !== undefined) setIndex(next);
  };

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener?.isConnected) opener.focus();
          }}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-2xl bg-surface text-on-surface shadow-2xl outline-none sm:inset-6"
        >
          <header className="flex items-center gap-2 border-b border-outline-variant py-1 pr-1 pl-4">
            <RadixDialog.Title className="min-w-0 flex-1 truncate font-medium">{current.name}</RadixDialog.Title>
            {list.length > 1 && !visited && (
              <span className="text-sm text-on-surface-variant tabular-nums">
                {index + 1} of {list.length}
              </span>
            )}
            {/* A phone has no room for side gutters: previous/next sit here, off the content. */}
            {prev !== undefined && (
              <IconButton label="Previous file" className="sm:hidden" onClick={() => setIndex(prev)}>
                <ChevronLeft aria-hidden className="size-5" />
              </IconButton>
            )}
            {next !== undefined && (
              <IconButton label="Next file" className="sm:hidden" onClick={() => setIndex(next)}>
                <ChevronRight aria-hidden className="size-5" />
              </IconButton>
            )}
            <IconButton label="Download" onClick={download}>
              <Download aria-hidden className="size-5" />
            </IconButton>
            <RadixDialog.Close asChild>
              <IconButton label="Close preview">
                <X aria-hidden className="size-5" />
              </IconButton>
            </RadixDialog.Close>
          </header>
          <div className="relative flex min-h-0 flex-1">
            {prev !== undefined && (
              <IconButton
                label="Previous file"
                className="absolute top-1/2 left-2 z-10 hidden -translate-y-1/2 bg-surface-container-high shadow sm:inline-flex"
                onClick={() => setIndex(prev)}
              >
                <ChevronLeft aria-hidden className="size-6" />
              </IconButton>
            )}
            {/* The arrows keep gutters of their own, so they never cover a table, a checkbox or a picture's edge. */}
            <div className={cn("flex min-w-0 flex-1 flex-col", list.length > 1 && "sm:px-14")}>
              <PreviewBody
                key={current.id}
                item={current}
                source={source}
                onDownload={download}
                siblings={items}
                neighbours={[nextMedia, prevMedia].flatMap((i) => (i === undefined ? [] : [list[i]]))}
                onNext={nextMedia === undefined ? undefined : () => setIndex(nextMedia)}
                onPrevious={prevMedia === undefined ? undefined : () => setIndex(prevMedia)}
                onOpen={openItem}
              />
            </div>
            {next !== undefined && (
              <IconButton
                label="Next file"
                className="absolute top-1/2 right-2 z-10 hidden -translate-y-1/2 bg-surface-container-high shadow sm:inline-flex"
                onClick={() => setIndex(next)}
              >
                <ChevronRight aria-hidden className="size-6" />
              </IconButton>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

import { Play } from "lucide-react";
import { memo } from "react";
import { FileIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";

export interface PhotoTileProps {
  item: FileItem;
  index: number;
  focusable: boolean;
  starred: boolean;
  /** "12 November 2026" (the tile's accessible name says it with the file's name). */
  day: string;
}

/** One picture or video of the timeline; clicks and keys are handled by the grid (delegation, by `data-index`). */
export const PhotoTile = memo(function PhotoTile({ item, index, focusable, starred, day }: PhotoTileProps) {
  return (
    <button
      type="button"
      data-index={index}
      data-testid="photo-tile"
      tabIndex={focusable ? 0 : -1}
      aria-label={`${item.name}, ${item.previewType === "video" ? "video, " : ""}${day}${starred ? ", starred" : ""}`}
      title={item.name}
      className={cn(
        "relative flex size-full items-center justify-center overflow-hidden rounded-md bg-surface-container",
        "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
      )}
    >
      <FileIcon item={item} large />
      {starred && (
        <span
          className="absolute top-1 right-1 rounded-full bg-black/60 px-1.5 text-xs leading-5 text-white"
          aria-hidden
        >
          ★
        </span>
      )}
      {item.previewType === "video" && (
        <span className="absolute right-1 bottom-1 rounded-full bg-black/60 p-1 text-white" aria-hidden>
          <Play className="size-3.5" fill="currentColor" />
        </span>
      )}
    </button>
  );
});

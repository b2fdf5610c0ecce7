import { Play } from "lucide-react";
import { memo } from "react";
import { FileIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";

export interface PhotoTileProps {
  item: FileItem;
  index: number;
  focusable: boolean;
  /** "12 November 2026" (the tile's accessible name says it with the file's name). */
  day: string;
}

/** One picture or video of the timeline; clicks and keys are handled by the grid (delegation, by `data-index`). */
export const PhotoTile = memo(function PhotoTile({ item, index, focusable, day }: PhotoTileProps) {
  return (
    <button
      type="button"
      data-index={index}
      data-testid="photo-tile"
      tabIndex={focusable ? 0 : -1}
      aria-label={`${item.name}, ${item.previewType === "video" ? "video, " : ""}${day}`}
      title={item.name}
      className={cn(
        "relative flex size-full items-center justify-center overflow-hidden rounded-md bg-surface-container",
        "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
      )}
    >
      <FileIcon item={item} large />
      {item.previewType === "video" && (
        <span className="absolute right-1 bottom-1 rounded-full bg-black/60 p-1 text-white" aria-hidden>
          <Play className="size-3.5" fill="currentColor" />
        </span>
      )}
    </button>
  );
});

import {
  BookOpen,
  File,
  FileArchive,
  FileAudio,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Folder,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";
import { VideoPoster } from "@/drive/thumbnails/components/video-poster";
import { cancelUnfinished, thumbnailClass, thumbnailSizes } from "@/drive/thumbnails/lib/thumbnail-source";
import { cn } from "@/lib/cn";
import { useSettled } from "@/lib/hooks/use-settled";
import type { FileItem, PreviewType } from "./file-item";

const ICONS: Record<PreviewType, LucideIcon> = {
  image: FileImage,
  markdown: FileText,
  pdf: FileText,
  office: FileSpreadsheet,
  code: FileCode,
  video: FileVideo,
  audio: FileAudio,
  epub: BookOpen,
};

function iconOf(item: FileItem): LucideIcon {
  if (item.isDir) return Folder;
  if (item.previewType) return ICONS[item.previewType];
  return item.category === "archive" ? FileArchive : File;
}

/** The icon of the item's type, never its picture (a grid card's title line). */
export function TypeIcon({ item, className }: { item: FileItem; className?: string }) {
  const Icon = iconOf(item);
  return (
    <Icon
      aria-hidden
      className={cn("size-6 shrink-0", item.isDir ? "text-primary" : "text-on-surface-variant", className)}
      strokeWidth={1.5}
    />
  );
}

/**
 * The item's thumbnail when there is one (resizer host or our server; a video's poster frame drawn here), else an
 * icon by type; the icon again if the picture fails. Rendered only for the list's rendered rows that stay a moment,
 * fetched lazily.
 */
export function FileIcon({ item, large = false }: { item: FileItem; large?: boolean }) {
  // Keyed by URL: a row reused for another item must not keep the last item's failure.
  const [failed, setFailed] = useState<string>();
  // Asked for only once the row has stayed rendered a moment, so a fast scroll does not queue a picture per row.
  const settled = useSettled(item.thumbnailUrl);
  const Icon = iconOf(item);
  if (item.thumbnailUrl && settled && failed !== item.thumbnailUrl) {
    const src = item.thumbnailUrl;
    return (
      <img
        ref={cancelUnfinished}
        src={src}
        srcSet={item.thumbnailSrcSet}
        sizes={item.thumbnailSrcSet ? thumbnailSizes(large) : undefined}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setFailed(src)}
        className={thumbnailClass(large)}
      />
    );
  }
  const icon = (
    <Icon
      aria-hidden
      className={cn("shrink-0", item.isDir ? "text-primary" : "text-on-surface-variant", large ? "size-14" : "size-6")}
      strokeWidth={1.5}
    />
  );
  return item.posterFrom ? (
    <VideoPoster url={item.posterFrom} mimeType={item.mimeType} large={large}>
      {icon}
    </VideoPoster>
  ) : (
    icon
  );
}

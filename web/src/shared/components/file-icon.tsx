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
import { cn } from "@/lib/cn";
import type { FileItem, PreviewType } from "../lib/file-item";

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

/** The item's thumbnail when the resizer gives one, else an icon by type. */
export function FileIcon({ item, large = false }: { item: FileItem; large?: boolean }) {
  const [broken, setBroken] = useState(false);
  const Icon = iconOf(item);
  if (item.thumbnailUrl && !broken) {
    return (
      <img
        src={item.thumbnailUrl}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setBroken(true)}
        className={cn("shrink-0 rounded object-cover", large ? "size-full" : "size-7")}
      />
    );
  }
  return (
    <Icon
      aria-hidden
      className={cn("shrink-0", item.isDir ? "text-primary" : "text-on-surface-variant", large ? "size-14" : "size-6")}
      strokeWidth={1.5}
    />
  );
}

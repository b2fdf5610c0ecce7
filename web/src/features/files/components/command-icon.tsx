import {
  Copy,
  Download,
  ExternalLink,
  FileArchive,
  FolderInput,
  FolderOpen,
  FolderPlus,
  FolderUp,
  Info,
  Link,
  type LucideIcon,
  Pencil,
  Share2,
  Star,
  Trash2,
  Upload,
} from "lucide-react";
import type { FileCommandId } from "@/drive/commands/file-commands";

const ICONS: Record<FileCommandId, LucideIcon> = {
  open: ExternalLink,
  newFolder: FolderPlus,
  upload: Upload,
  uploadFolder: FolderUp,
  rename: Pencil,
  move: FolderInput,
  copy: Copy,
  download: Download,
  downloadZip: FileArchive,
  share: Share2,
  // The upload arrow (already on the first page) rather than an icon of its own: the first load has no bytes to spare.
  requestFiles: Upload,
  copyLink: Link,
  showInFolder: FolderOpen,
  details: Info,
  star: Star,
  remove: Trash2,
};

export function CommandIcon({ id, className = "size-4" }: { id: FileCommandId; className?: string }) {
  const Icon = ICONS[id];
  return <Icon aria-hidden className={className} />;
}

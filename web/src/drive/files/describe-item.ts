import type { FileItem } from "@/drive/files/file-item";
import { formatDate } from "@/lib/dates";
import { formatSize } from "@/lib/format-size";

/** Readable type for screen readers and the grid: "Folder", "PDF file", "Image file", "ZIP file". */
export function typeLabel(item: FileItem): string {
  if (item.isDir) return "Folder";
  if (item.previewType === "pdf") return "PDF file";
  if (item.previewType) return `${item.previewType[0]?.toUpperCase()}${item.previewType.slice(1)} file`;
  const dot = item.name.lastIndexOf(".");
  return dot > 0 ? `${item.name.slice(dot + 1).toUpperCase()} file` : "File";
}

/** What a row announces: name, type, size, date. */
export function describeItem(item: FileItem, locale?: string): string {
  const parts = [item.name, typeLabel(item)];
  if (!item.isDir) parts.push(formatSize(item.size));
  const date = formatDate(item.modDate, locale);
  if (date) parts.push(`modified ${date}`);
  if (item.isEncrypted) parts.push("encrypted");
  return parts.join(", ");
}

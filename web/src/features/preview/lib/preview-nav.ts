import type { FileItem } from "@/drive/files/file-item";

/** The items previous/next walk through: the folder's previewable files, plus the opened one if it is not. */
export function previewableItems(items: readonly FileItem[], current: FileItem): FileItem[] {
  const files = items.filter((i) => !i.isDir && (i.openable || i.previewType !== undefined));
  return files.some((i) => i.id === current.id) ? files : [current];
}

/** Index of the neighbour `step` away, or undefined at either end. */
export function neighbourIndex(length: number, index: number, step: 1 | -1): number | undefined {
  const next = index + step;
  return next >= 0 && next < length ? next : undefined;
}

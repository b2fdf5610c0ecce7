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

const isMedia = (item: FileItem | undefined) => item?.previewType === "video" || item?.previewType === "audio";

/** From a video or audio file: the nearest video or audio file `step` away (playing on skips other files). */
export function mediaNeighbour(list: readonly FileItem[], index: number, step: 1 | -1): number | undefined {
  if (!isMedia(list[index])) return undefined;
  for (let i = index + step; i >= 0 && i < list.length; i += step) if (isMedia(list[i])) return i;
  return undefined;
}

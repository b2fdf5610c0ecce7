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

/** Files that play or show one after another: music and videos together, pictures together. */
function groupOf(item: FileItem | undefined): "media" | "image" | undefined {
  if (item?.previewType === "video" || item?.previewType === "audio") return "media";
  if (item?.previewType === "image") return "image";
  return undefined;
}

/** From a video, audio file or picture: the nearest file of the same group `step` away (playing on, swiping). */
export function sameKindNeighbour(list: readonly FileItem[], index: number, step: 1 | -1): number | undefined {
  const group = groupOf(list[index]);
  if (!group) return undefined;
  for (let i = index + step; i >= 0 && i < list.length; i += step) if (groupOf(list[i]) === group) return i;
  return undefined;
}

import type { Category } from "@drive/contract";

export type { Category };

export const CATEGORIES: readonly Category[] = ["archive", "audio", "document", "image", "other", "video"];

const EXTENSIONS: Record<Exclude<Category, "other">, string[]> = {
  document: ["doc", "docx", "ppt", "pptx", "pps", "ppsx", "odt", "xls", "xlsx", "csv", "pdf", "txt"],
  image: ["jpg", "jpeg", "png", "gif", "bmp", "svg", "webp", "heif", "heic"],
  video: ["mp4", "webm", "mov", "avi", "m4v", "flv", "wmv", "mkv", "mpg", "mpeg", "m2v", "mpv"],
  audio: ["mp3", "wav", "ogg", "m4a", "flac", "aac", "wma", "aiff", "ape", "alac", "opus", "pcm"],
  archive: ["zip", "rar", "tar", "gz", "7z", "iso", "dmg", "pkg", "xz", "tgz"],
};

const BY_EXTENSION = new Map<string, Category>(
  Object.entries(EXTENSIONS).flatMap(([category, exts]) => exts.map((e) => [e, category as Category] as const)),
);

/** Teldrive's category from the file-name extension, case-insensitive; `other` when unknown. */
export function categoryOf(name: string): Category {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return "other";
  return BY_EXTENSION.get(name.slice(dot + 1).toLowerCase()) ?? "other";
}

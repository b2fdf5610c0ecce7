import type { components } from "@drive/contract";
import { type ApiGeneration, knownApiGeneration } from "@/drive/api/generation";
import { serverThumbnail, type ThumbnailSource } from "@/drive/thumbnails/lib/thumbnail-source";
import { PICTURE_EXTENSIONS } from "./picture-types";

/** A file or folder as the server sends it. */
export type ServerFile = components["schemas"]["File"];

export type PreviewType = "image" | "markdown" | "pdf" | "office" | "code" | "video" | "audio" | "epub";

/** A file or folder as the client shows it (spec section 3). Owned by the browsing feature. */
export interface FileItem {
  id: string;
  name: string;
  type: "file" | "folder";
  mimeType: string;
  category?: string;
  parentId?: string;
  size: number;
  updatedAt: string;
  encrypted: boolean;
  isDir: boolean;
  modDate: Date;
  previewType?: PreviewType;
  openable: boolean;
  thumbnailUrl?: string;
  /** Other widths of the same thumbnail for high-density screens (our server's thumbnails; a resizer gives one). */
  thumbnailSrcSet?: string;
  /** A video's content URL, for a poster frame the browser draws itself (with our server's thumbnails only). */
  posterFrom?: string;
  isEncrypted: boolean;
}

export const FOLDER_MIME = "drive/folder";
export const THUMBNAIL_WIDTH = 360;

const EXTENSIONS: Record<PreviewType, readonly string[]> = {
  image: PICTURE_EXTENSIONS,
  markdown: ["md", "markdown", "mdown"],
  pdf: ["pdf"],
  office: ["doc", "docx", "ppt", "pptx", "xls", "xlsx"],
  code: [
    "csv",
    "tsv",
    "c",
    "cpp",
    "js",
    "jsx",
    "java",
    "sh",
    "cs",
    "py",
    "css",
    "html",
    "ts",
    "tsx",
    "rs",
    "vue",
    "json",
    "yml",
    "yaml",
    "toml",
    "txt",
    "vtt",
    "srt",
    "log",
    "diff",
  ],
  video: ["mp4", "flv", "webm", "m3u8", "mkv", "mov", "avi", "wmv"],
  audio: ["mp3", "m4a", "aac", "wav", "ogg", "oga", "opus", "flac"],
  epub: ["epub"],
};

const PREVIEW_BY_EXTENSION = new Map<string, PreviewType>(
  Object.entries(EXTENSIONS).flatMap(([type, exts]) => exts.map((ext) => [ext, type as PreviewType] as const)),
);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Spec table by extension; a `.ts` file is an MPEG transport stream when its mime type says video. */
export function previewTypeOf(name: string, mimeType = ""): PreviewType | undefined {
  const ext = extensionOf(name);
  if (ext === "ts" && mimeType.includes("video")) return "video";
  return PREVIEW_BY_EXTENSION.get(ext);
}

/** Server sizes may arrive as strings (int8 through some proxies) or be missing on folders. */
export function toSize(size: unknown): number {
  const n = typeof size === "string" ? Number(size) : typeof size === "number" ? size : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Path of a file's content: API-A's `/api/files/{id}/{name}` (the name only makes the URL readable), API-B's `/content`. */
export function fileContentPath(id: string, name: string, generation: ApiGeneration = knownApiGeneration()): string {
  const tail = generation === "B" ? "content" : encodeURIComponent(name);
  return `/api/files/${encodeURIComponent(id)}/${tail}`;
}

/**
 * Content URL as the server streams it: `/api/files/{id}/{name}?hash=` on API-A, `/api/files/{id}/content?sid=` on
 * API-B (the session's id: it outlives the access token, so a player or resizer keeps working).
 */
export function fileContentUrl(opts: {
  origin: string;
  id: string;
  name: string;
  hash?: string;
  generation?: ApiGeneration;
}): string {
  const generation = opts.generation ?? knownApiGeneration();
  const url = new URL(fileContentPath(opts.id, opts.name, generation), opts.origin);
  if (opts.hash) url.searchParams.set(generation === "B" ? "sid" : "hash", opts.hash);
  return url.toString();
}

/**
 * Thumbnail through the user's Resizer Host. URL shape (documented in docs): `{host}/?url={absolute content
 * URL}&width=360` — the same query shape imgproxy-style resizers (e.g. images.weserv.nl, wsrv) accept.
 * The resizer fetches the content URL itself, so it carries the session hash.
 */
export function thumbnailUrlOf(resizerHost: string, contentUrl: string): string {
  const url = new URL(resizerHost);
  url.searchParams.set("url", contentUrl);
  url.searchParams.set("width", String(THUMBNAIL_WIDTH));
  return url.toString();
}

export interface DeriveOptions {
  /** Resizer Host setting; thumbnails only when set. */
  resizerHost?: string;
  /** Session hash for content URLs. */
  hash?: string;
  /** Origin the resizer reaches us at (window.location.origin in the browser). */
  origin?: string;
  /** The server renders thumbnails (`thumbnails` in /capabilities); a resizer host still comes first. */
  serverThumbnails?: boolean;
  /** The server renders video posters too (ffmpeg); a failed one falls back to the frame the browser draws. */
  videoPosters?: boolean;
}

function isValidUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A configured resizer host first (the spec), else our server's own thumbnails when it has them, else none. */
function thumbnailOf(file: ServerFile, opts: DeriveOptions): ThumbnailSource | undefined {
  const id = file.id ?? "";
  const host = opts.resizerHost?.trim();
  if (host && opts.origin && isValidUrl(host))
    return { src: thumbnailUrlOf(host, fileContentUrl({ origin: opts.origin, id, name: file.name, hash: opts.hash })) };
  return opts.serverThumbnails && id ? serverThumbnail({ id, version: contentVersion(file) }) : undefined;
}

/**
 * What changes whenever a file's content does: its time (whole seconds), size and content hash. Our server also moves
 * a replaced file's time to a later second (docs/api.md), so a picture replaced within a second gets a new URL too.
 */
export function contentVersion(file: Pick<ServerFile, "updatedAt" | "size" | "hash">): string {
  return [file.updatedAt ?? "", toSize(file.size), file.hash?.slice(0, 16) ?? ""].join("~");
}

export function toFileItem(file: ServerFile, opts: DeriveOptions = {}): FileItem {
  const mimeType = file.mimeType ?? "";
  const isDir = mimeType === FOLDER_MIME || file.type === "folder";
  const previewType = isDir ? undefined : previewTypeOf(file.name, mimeType);
  const id = file.id ?? "";
  const updatedAt = file.updatedAt ?? "";
  const encrypted = file.encrypted ?? false;
  const thumbnail =
    previewType === "image"
      ? thumbnailOf(file, opts)
      : previewType === "video" && opts.videoPosters && id
        ? serverThumbnail({ id, version: contentVersion(file) })
        : undefined;
  return {
    id,
    name: file.name,
    type: isDir ? "folder" : "file",
    mimeType,
    category: file.category,
    parentId: file.parentId,
    size: toSize(file.size),
    updatedAt,
    encrypted,
    isDir,
    modDate: new Date(updatedAt),
    previewType,
    openable: isDir || previewType !== undefined,
    thumbnailUrl: thumbnail?.src,
    thumbnailSrcSet: thumbnail?.srcSet,
    posterFrom: previewType === "video" && opts.serverThumbnails && id ? fileContentPath(id, file.name) : undefined,
    isEncrypted: encrypted,
  };
}

/** Derived items per server page, so each page is derived once however often the list renders. */
const derived = new WeakMap<object, { key: string; items: FileItem[] }>();

/** The FileItems of a server page (either generation's: API-B's File is API-A's without the fields only A sends). */
export function itemsOf(page: { items: readonly object[] }, opts: DeriveOptions): FileItem[] {
  const key = `${opts.resizerHost ?? ""}|${opts.hash ?? ""}|${opts.origin ?? ""}|${opts.serverThumbnails ?? false}|${opts.videoPosters ?? false}`;
  const hit = derived.get(page);
  if (hit?.key === key) return hit.items;
  const items = page.items.map((file) => toFileItem(file as ServerFile, opts));
  derived.set(page, { key, items });
  return items;
}

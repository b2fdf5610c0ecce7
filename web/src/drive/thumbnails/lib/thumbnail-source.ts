/** Widths our server renders (GET /thumbnails/{id}?w=): the spec's 360, and twice that for high-density screens. */
export const SERVER_THUMBNAIL_WIDTHS = [360, 720] as const;

/** What an `<img>` needs to show a thumbnail: a fallback `src`, and `srcSet` when several widths exist. */
export interface ThumbnailSource {
  src: string;
  srcSet?: string;
}

/**
 * Our server's thumbnail of a file at one width. `v` is the file's content version (its time, size and hash): a
 * replaced file gets a new URL, so the browser's copy of the old picture (kept for a day) is never shown for it.
 */
export function serverThumbnailUrl(file: { id: string; version: string }, width: number): string {
  const params = new URLSearchParams({ w: String(width) });
  if (file.version) params.set("v", file.version.slice(0, 128));
  return `/api/thumbnails/${encodeURIComponent(file.id)}?${params}`;
}

export function serverThumbnail(file: { id: string; version: string }): ThumbnailSource {
  const [base = 360] = SERVER_THUMBNAIL_WIDTHS;
  return {
    src: serverThumbnailUrl(file, base),
    srcSet: SERVER_THUMBNAIL_WIDTHS.map((w) => `${serverThumbnailUrl(file, w)} ${w}w`).join(", "),
  };
}

/** `sizes` for the two places thumbnails show: the list's 28 px icon and the grid card's picture. */
export function thumbnailSizes(large: boolean): string {
  return large ? "240px" : "28px";
}

/** Classes of a thumbnail picture: a 28 px square in the list, the whole picture area of a grid card. */
export function thumbnailClass(large: boolean): string {
  return large ? "shrink-0 rounded object-cover size-full" : "shrink-0 rounded object-cover size-7";
}

/**
 * A ref for thumbnail pictures: a row that leaves the list before its picture arrived drops the request (the
 * browser cancels a load nothing shows), so the server does not go on rendering for rows scrolled past.
 */
export function cancelUnfinished(img: HTMLImageElement | null): (() => void) | undefined {
  if (!img) return undefined;
  return () => {
    if (img.complete) return;
    img.removeAttribute("srcset");
    img.removeAttribute("src");
  };
}

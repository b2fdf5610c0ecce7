import type { FileItem } from "@/drive/files/file-item";
import type { PreviewSource } from "./preview-source";

/** Starts a browser download of `url` (same origin, so the `download` attribute is honoured). */
export function triggerDownload(url: string, name: string): void {
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Downloads through a preview source. With headers (protected shares) the file is fetched first and saved
 * from an object URL, because a plain link cannot carry the Authorization header.
 */
export async function downloadFrom(source: PreviewSource, item: FileItem): Promise<void> {
  const url = await source.downloadUrl(item);
  if (!source.headers) {
    triggerDownload(url, item.name);
    return;
  }
  const res = await fetch(url, { headers: source.headers });
  if (!res.ok) throw new Error(`The server answered ${res.status}`);
  const objectUrl = URL.createObjectURL(await res.blob());
  triggerDownload(objectUrl, item.name);
  // The browser has taken the URL once the click is handled; free the memory a little later.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

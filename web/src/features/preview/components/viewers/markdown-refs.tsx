import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, type ReactNode, useEffect, useState } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { parentPath } from "@/drive/files/folder-path";
import { fileAtPathQueryOptions } from "../../api/drive-lookup";
import { markdownTarget } from "../../lib/markdown-links";
import type { PreviewSource } from "../../lib/preview-source";

/** Where the document is, when its relative links can be followed (in the drive, once its folder is known). */
export interface MarkdownPlace {
  folder?: string;
  source?: PreviewSource;
  /** Opens another file of the drive in the preview. */
  onOpen?: (item: FileItem) => void;
  /** Says that a link leads to no file. */
  onMissing: (path: string) => void;
}

const plain = (children: ReactNode) => <span className="text-on-surface-variant">{children}</span>;

/**
 * A link of the document: to the web in a new tab (noopener); to another file of the drive in this preview (its
 * address is the file's folder, for a new tab); anything else (scripts, data, anchors, links out of a share) as text.
 */
export function MarkdownLink({ href, children, place }: { href?: string; children: ReactNode; place: MarkdownPlace }) {
  const queryClient = useQueryClient();
  const target = markdownTarget(href, place.folder ?? "/");
  if (target.kind === "external")
    return (
      <a href={target.url} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  const { onOpen } = place;
  if (target.kind === "none" || place.folder === undefined || !onOpen) return plain(children);
  const path = target.path;
  const open = (event: MouseEvent) => {
    // A modified click opens the folder in a new tab or window, as the link says.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    queryClient.fetchQuery(fileAtPathQueryOptions(path)).then(
      (item) => (item ? onOpen(item) : place.onMissing(path)),
      () => place.onMissing(path),
    );
  };
  return (
    <a href={`/my-drive?path=${encodeURIComponent(parentPath(path))}`} onClick={open} title={path}>
      {children}
    </a>
  );
}

const altText = (alt?: string) => <span className="text-on-surface-variant">[image{alt ? `: ${alt}` : ""}]</span>;

/**
 * A picture of the document: from the drive when it names one of its files (read like any preview), else its alt text
 * (no requests to other hosts, nothing from `data:` or scripts).
 */
export function MarkdownImage({ src, alt, place }: { src?: string; alt?: string; place: MarkdownPlace }) {
  const target = markdownTarget(src, place.folder ?? "/");
  const path = target.kind === "drive" && place.folder !== undefined && place.source ? target.path : undefined;
  const file = useQuery({ ...fileAtPathQueryOptions(path ?? ""), enabled: path !== undefined });
  const [url, setUrl] = useState<string>();
  const item = file.data ?? undefined;
  const source = place.source;
  useEffect(() => {
    setUrl(undefined);
    if (!item || !source || item.previewType !== "image") return;
    let cancelled = false;
    source.url(item).then(
      (resolved) => !cancelled && setUrl(resolved),
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [item, source]);
  return url ? <img src={url} alt={alt ?? ""} className="max-w-full" data-drive-path={path} /> : altText(alt);
}

import { lazy, Suspense, useEffect, useState } from "react";
import { extensionOf, type FileItem } from "@/drive/files/file-item";
import { Spinner } from "@/ui/spinner";
import { usePreviewSrc } from "../hooks/use-preview-src";
import type { PreviewSource } from "../lib/preview-source";
import { ViewerMessage } from "./viewer-message";
import { VIEWERS } from "./viewers";

/** CSV and TSV: a streamed, virtualised table (its own chunk) rather than the text. */
const TABLES = new Set(["csv", "tsv"]);
const TableViewer = lazy(() => import("./viewers/table-viewer"));

export interface PreviewBodyProps {
  item: FileItem;
  source: PreviewSource;
  onDownload: () => void;
  siblings?: readonly FileItem[];
  /** Files a viewer may fetch ahead (the next and previous picture). */
  neighbours?: readonly (FileItem | undefined)[];
  onNext?: () => void;
  onPrevious?: () => void;
  /** Shows another file in the preview (a document's link). */
  onOpen?: (item: FileItem) => void;
}

/** Resolves the file's URL and shows it in the viewer for its type, or offers a download. */
export function PreviewBody({
  item,
  source,
  onDownload,
  siblings,
  neighbours,
  onNext,
  onPrevious,
  onOpen,
}: PreviewBodyProps) {
  const src = usePreviewSrc(source, item);
  const preload = usePreloadUrls(source, item.previewType === "image" ? neighbours : undefined);
  const Viewer = TABLES.has(extensionOf(item.name))
    ? TableViewer
    : item.previewType
      ? VIEWERS[item.previewType]
      : undefined;
  if (!Viewer) return <ViewerMessage onDownload={onDownload}>There is no preview for this kind of file.</ViewerMessage>;
  if (src.status === "loading") return <Spinner label="Loading preview" className="m-auto" />;
  if (src.status === "error")
    return <ViewerMessage onDownload={onDownload}>Could not load the preview: {src.message}</ViewerMessage>;
  return (
    <Suspense fallback={<Spinner label="Loading viewer" className="m-auto" />}>
      <Viewer
        key={item.id}
        item={item}
        src={src.src}
        onDownload={onDownload}
        source={source}
        siblings={siblings}
        onNext={onNext}
        onPrevious={onPrevious}
        onOpen={onOpen}
        preload={preload}
      />
    </Suspense>
  );
}

/** URLs of `items` to fetch ahead; none where content needs headers (a protected share: whole files in memory). */
function usePreloadUrls(source: PreviewSource, items: readonly (FileItem | undefined)[] | undefined) {
  const [urls, setUrls] = useState<string[]>([]);
  const ids = (items ?? []).map((i) => i?.id ?? "").join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` stands for `items`, a new array each render
  useEffect(() => {
    const wanted = (items ?? []).filter((i): i is FileItem => i !== undefined && i.previewType === "image");
    if (source.headers || wanted.length === 0) {
      setUrls([]);
      return;
    }
    let cancelled = false;
    Promise.all(wanted.map((i) => source.url(i))).then(
      (resolved) => !cancelled && setUrls(resolved),
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [source, ids]);
  return urls;
}

import { Suspense } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { Spinner } from "@/ui/spinner";
import { usePreviewSrc } from "../hooks/use-preview-src";
import type { PreviewSource } from "../lib/preview-source";
import { ViewerMessage } from "./viewer-message";
import { VIEWERS } from "./viewers";

export interface PreviewBodyProps {
  item: FileItem;
  source: PreviewSource;
  onDownload: () => void;
  siblings?: readonly FileItem[];
  onNext?: () => void;
  onPrevious?: () => void;
}

/** Resolves the file's URL and shows it in the viewer for its type, or offers a download. */
export function PreviewBody({ item, source, onDownload, siblings, onNext, onPrevious }: PreviewBodyProps) {
  const src = usePreviewSrc(source, item);
  const Viewer = item.previewType ? VIEWERS[item.previewType] : undefined;
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
      />
    </Suspense>
  );
}

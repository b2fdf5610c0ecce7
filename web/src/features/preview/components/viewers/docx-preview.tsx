import { useEffect, useRef, useState } from "react";
import { useFileContent } from "../../hooks/use-file-content";
import { ContentStatus } from "../content-status";
import type { ViewerProps } from "./viewer-props";

const readBlob = (res: Response) => res.blob();

/**
 * docx-preview turns the document into DOM nodes (no scripts); embedded HTML chunks ("altChunk"), the one
 * part that could carry markup of its own, are not rendered.
 */
export function DocxPreview({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readBlob);
  const body = useRef<HTMLDivElement>(null);
  const styles = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | undefined>();
  const blob = state.status === "ready" ? state.data : undefined;

  useEffect(() => {
    const target = body.current;
    if (!blob || !target) return;
    setError(undefined);
    import("docx-preview")
      .then(({ renderAsync }) =>
        renderAsync(blob, target, styles.current ?? undefined, { renderAltChunks: false, useBase64URL: true }),
      )
      .catch((e: unknown) => setError(e instanceof Error ? e.message : "unreadable document"));
  }, [blob]);

  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  if (error) return <ContentStatus state={{ status: "error", message: error }} onDownload={onDownload} />;
  return (
    <div className="h-full overflow-auto bg-surface-container-low" data-testid="docx-preview">
      <div ref={styles} />
      <div ref={body} />
    </div>
  );
}

import type { PDFDocumentProxy } from "pdfjs-dist";
import { GlobalWorkerOptions, getDocument } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useState } from "react";
import { Button } from "@/ui/button";
import { Spinner } from "@/ui/spinner";
import { blobOf } from "../../lib/object-urls";
import { ViewerMessage } from "../viewer-message";
import { PdfPage } from "./pdf-page";
import type { ViewerProps } from "./viewer-props";

// The worker is bundled with the app: nothing is fetched from another host.
GlobalWorkerOptions.workerSrc = workerUrl;

const PAGES_PER_BATCH = 20;

/** Renders the pages of a PDF to canvases with pdf.js (its scripting and eval are off). */
export default function PdfViewer({ src, onDownload }: ViewerProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState(PAGES_PER_BATCH);

  useEffect(() => {
    setDoc(undefined);
    setError(undefined);
    let task: ReturnType<typeof getDocument> | undefined;
    let cancelled = false;
    const fail = (e: unknown) => !cancelled && setError(e instanceof Error ? e.message : "unreadable PDF");
    // Content URLs stream with range requests; an object URL (protected share) is handed over as bytes,
    // because the page may not fetch blob: URLs.
    const blob = blobOf(src);
    (blob ? blob.arrayBuffer() : Promise.resolve(undefined)).then((data) => {
      if (cancelled) return;
      const options = { isEvalSupported: false, enableXfa: false };
      task = getDocument(data ? { ...options, data } : { ...options, url: src });
      task.promise.then((doc) => !cancelled && setDoc(doc), fail);
    }, fail);
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [src]);

  if (error) return <ViewerMessage onDownload={onDownload}>Could not open this PDF: {error}</ViewerMessage>;
  if (!doc) return <Spinner label="Loading PDF" className="m-auto" />;
  const count = Math.min(shown, doc.numPages);
  return (
    <section
      className="flex h-full flex-col items-center gap-4 overflow-auto p-4"
      aria-label={`PDF, ${doc.numPages} pages`}
    >
      {Array.from({ length: count }, (_, i) => i + 1).map((pageNumber) => (
        <PdfPage key={pageNumber} doc={doc} pageNumber={pageNumber} />
      ))}
      {count < doc.numPages && (
        <Button variant="tonal" onClick={() => setShown(shown + PAGES_PER_BATCH)}>
          Show more pages ({doc.numPages - count} left)
        </Button>
      )}
    </section>
  );
}

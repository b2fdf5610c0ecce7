import type { PDFDocumentProxy } from "pdfjs-dist";
import { GlobalWorkerOptions, getDocument } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
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
    const task = getDocument({ url: src, isEvalSupported: false, enableXfa: false });
    task.promise.then(setDoc, (e: unknown) => setError(e instanceof Error ? e.message : "unreadable PDF"));
    return () => void task.destroy();
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

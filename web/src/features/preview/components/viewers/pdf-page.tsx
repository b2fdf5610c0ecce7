import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useRef } from "react";

/** One PDF page drawn on a canvas. */
export function PdfPage({ doc, pageNumber }: { doc: PDFDocumentProxy; pageNumber: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    doc.getPage(pageNumber).then((page) => {
      const element = canvas.current;
      if (!element) return;
      const viewport = page.getViewport({ scale: 1.5 });
      element.width = viewport.width;
      element.height = viewport.height;
      const task = page.render({ canvas: element, viewport });
      cancel = () => task.cancel();
      task.promise.catch(() => {});
    });
    return () => cancel?.();
  }, [doc, pageNumber]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={`Page ${pageNumber}`}
      data-testid="pdf-page"
      className="h-auto max-w-full bg-white shadow"
    />
  );
}

import ePub, { type Book, type Rendition } from "epubjs";
import IframeView from "epubjs/src/managers/views/iframe";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { IconButton } from "@/components/ui/icon-button";
import { Spinner } from "@/components/ui/spinner";
import { useFileContent } from "../../hooks/use-file-content";
import { ContentStatus } from "../content-status";
import type { ViewerProps } from "./viewer-props";

/**
 * epub.js shows chapters in iframes of our origin. Sandboxing them without `allow-scripts` keeps the
 * book's own scripts from running while epub.js can still lay the pages out.
 */
class SandboxedView extends IframeView {
  override create(): HTMLIFrameElement {
    const iframe = super.create();
    iframe.setAttribute("sandbox", "allow-same-origin");
    return iframe;
  }
}

const readBuffer = (res: Response) => res.arrayBuffer();

/** A paged epub reader with previous and next page. */
export default function EpubViewer({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readBuffer);
  const area = useRef<HTMLDivElement>(null);
  const rendition = useRef<Rendition | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const data = state.status === "ready" ? state.data : undefined;

  useEffect(() => {
    const element = area.current;
    if (!data || !element) return;
    let book: Book | undefined;
    setReady(false);
    try {
      book = ePub(data);
      const view = book.renderTo(element, { width: "100%", height: "100%", flow: "paginated", view: SandboxedView });
      rendition.current = view;
      view.display().then(
        () => setReady(true),
        (e: unknown) => setError(e instanceof Error ? e.message : "unreadable book"),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : "unreadable book");
    }
    return () => {
      rendition.current = undefined;
      book?.destroy();
    };
  }, [data]);

  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  if (error) return <ContentStatus state={{ status: "error", message: error }} onDownload={onDownload} />;
  return (
    <div className="flex h-full items-stretch bg-white text-black">
      <IconButton label="Previous page" className="self-center" onClick={() => rendition.current?.prev()}>
        <ChevronLeft aria-hidden className="size-6" />
      </IconButton>
      <div className="relative min-w-0 flex-1">
        {!ready && <Spinner label="Opening book" className="absolute inset-0 m-auto" />}
        <div ref={area} className="h-full" data-testid="epub-area" />
      </div>
      <IconButton label="Next page" className="self-center" onClick={() => rendition.current?.next()}>
        <ChevronRight aria-hidden className="size-6" />
      </IconButton>
    </div>
  );
}

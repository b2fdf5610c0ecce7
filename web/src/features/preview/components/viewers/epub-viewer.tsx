import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { IconButton } from "@/ui/icon-button";
import { Spinner } from "@/ui/spinner";
import { useFileContent } from "../../hooks/use-file-content";
import { chapterDocument, type EpubBook, openEpub } from "../../lib/epub-book";
import { ContentStatus } from "../content-status";
import type { ViewerProps } from "./viewer-props";

const readBuffer = (res: Response) => res.arrayBuffer();

/**
 * A paged epub reader. Each chapter is shown in a frame sandboxed without scripts (same origin only so the
 * reader can measure and turn its pages), built from the book's own files with nothing fetched elsewhere.
 */
export default function EpubViewer({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readBuffer);
  const frame = useRef<HTMLIFrameElement>(null);
  const [book, setBook] = useState<EpubBook | undefined>();
  const [chapter, setChapter] = useState({ index: 0, atEnd: false });
  const [html, setHtml] = useState<string | undefined>();
  const [page, setPage] = useState({ index: 0, count: 1 });
  const [error, setError] = useState<string | undefined>();
  const data = state.status === "ready" ? state.data : undefined;

  useEffect(() => {
    if (!data) return;
    setBook(undefined);
    openEpub(data).then(setBook, (e: unknown) => setError(e instanceof Error ? e.message : "unreadable book"));
  }, [data]);

  useEffect(() => {
    if (!book) return;
    setHtml(undefined);
    chapterDocument(book, chapter.index).then(setHtml, (e: unknown) =>
      setError(e instanceof Error ? e.message : "unreadable chapter"),
    );
  }, [book, chapter.index]);

  const scrollTo = (index: number) => {
    const doc = frame.current?.contentDocument;
    if (doc) doc.documentElement.scrollLeft = index * doc.documentElement.clientWidth;
  };

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const width = doc.documentElement.clientWidth || 1;
    const count = Math.max(1, Math.round(doc.documentElement.scrollWidth / width));
    const index = chapter.atEnd ? count - 1 : 0;
    setPage({ index, count });
    scrollTo(index);
  };

  const next = () => {
    if (page.index + 1 < page.count) {
      setPage({ ...page, index: page.index + 1 });
      scrollTo(page.index + 1);
    } else if (book && chapter.index + 1 < book.chapters.length) {
      setChapter({ index: chapter.index + 1, atEnd: false });
    }
  };
  const prev = () => {
    if (page.index > 0) {
      setPage({ ...page, index: page.index - 1 });
      scrollTo(page.index - 1);
    } else if (chapter.index > 0) {
      setChapter({ index: chapter.index - 1, atEnd: true });
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight" || event.key === "PageDown") next();
    else if (event.key === "ArrowLeft" || event.key === "PageUp") prev();
    else return;
    // The modal would otherwise take the arrows to the next file.
    event.stopPropagation();
    event.preventDefault();
  };

  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  if (error) return <ContentStatus state={{ status: "error", message: error }} onDownload={onDownload} />;
  const chapters = book?.chapters.length ?? 0;
  const atStart = chapter.index === 0 && page.index === 0;
  const atEnd = chapter.index + 1 >= chapters && page.index + 1 >= page.count;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys turn pages; the buttons are the primary path
    <div className="flex h-full flex-col" onKeyDown={onKeyDown}>
      <div className="flex min-h-0 flex-1 items-stretch">
        <IconButton label="Previous page" className="self-center" disabled={atStart} onClick={prev}>
          <ChevronLeft aria-hidden className="size-6" />
        </IconButton>
        <div className="relative min-w-0 flex-1 bg-white" data-testid="epub-area">
          {!html && <Spinner label="Opening book" className="absolute inset-0 m-auto" />}
          {html && (
            <iframe
              ref={frame}
              title={`${book?.title || item.name}, chapter ${chapter.index + 1}`}
              sandbox="allow-same-origin"
              srcDoc={html}
              onLoad={onLoad}
              className="h-full w-full border-0"
            />
          )}
        </div>
        <IconButton label="Next page" className="self-center" disabled={atEnd} onClick={next}>
          <ChevronRight aria-hidden className="size-6" />
        </IconButton>
      </div>
      <p className="py-1 text-center text-sm text-on-surface-variant" aria-live="polite">
        Chapter {chapter.index + 1} of {chapters} · page {page.index + 1} of {page.count}
      </p>
    </div>
  );
}

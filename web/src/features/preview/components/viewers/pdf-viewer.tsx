import { Search } from "lucide-react";
import type { PDFDocumentProxy } from "pdfjs-dist";
// pdf.mjs puts itself on globalThis.pdfjsLib when it loads, which pdf_viewer.mjs (imported below, after it) reads.
import { AnnotationMode, GlobalWorkerOptions, getDocument } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import type { EventBus, PDFViewer } from "pdfjs-dist/web/pdf_viewer.mjs";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { fieldControlClasses } from "@/ui/field-classes";
import { IconButton } from "@/ui/icon-button";
import { Spinner } from "@/ui/spinner";
import { blobOf } from "../../lib/object-urls";
import { findStatus, pageFromInput } from "../../lib/pdf-find";
import { ViewerMessage } from "../viewer-message";
import { PdfFindBar } from "./pdf-find-bar";
import type { ViewerProps } from "./viewer-props";
import "pdfjs-dist/web/pdf_viewer.css";

// The worker is bundled with the app: nothing is fetched from another host.
GlobalWorkerOptions.workerSrc = workerUrl;

interface Controls {
  viewer: PDFViewer;
  eventBus: EventBus;
}

interface FindResult {
  state?: number;
  current: number;
  total: number;
}

/**
 * A PDF in pdf.js's own viewer component: pages drawn as they come into view, with their text layer (selectable,
 * copyable) and pdf.js's find controller (Ctrl+F, matches highlighted, counted); a page box to go to a page. Scripting,
 * forms and eval are off; links in the document open in a new tab.
 */
export default function PdfViewer({ src, onDownload }: ViewerProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | undefined>();
  const [error, setError] = useState<string | undefined>();
  const container = useRef<HTMLDivElement>(null);
  const viewerElement = useRef<HTMLDivElement>(null);
  const controls = useRef<Controls | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const [page, setPage] = useState(1);
  const [pageDraft, setPageDraft] = useState<string | undefined>();
  const [findOpen, setFindOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<FindResult>({ current: 0, total: 0 });
  const findInput = useRef<HTMLInputElement>(null);

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

  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    import("pdfjs-dist/web/pdf_viewer.mjs").then((lib) => {
      const box = container.current;
      const pagesBox = viewerElement.current;
      if (cancelled || !box || !pagesBox) return;
      const eventBus = new lib.EventBus();
      const linkService = new lib.PDFLinkService({
        eventBus,
        externalLinkTarget: lib.LinkTarget.BLANK,
        externalLinkRel: "noopener noreferrer nofollow",
      });
      const findController = new lib.PDFFindController({ eventBus, linkService });
      const viewer = new lib.PDFViewer({
        container: box,
        viewer: pagesBox,
        eventBus,
        linkService,
        findController,
        // Links but no form fields (nothing in a document runs or asks for input).
        annotationMode: AnnotationMode.ENABLE,
      });
      linkService.setViewer(viewer);
      eventBus.on("pagesinit", () => {
        viewer.currentScaleValue = "auto";
        setReady(true);
      });
      eventBus.on("pagechanging", (e: { pageNumber: number }) => setPage(e.pageNumber));
      eventBus.on("updatefindmatchescount", (e: { matchesCount: { current: number; total: number } }) =>
        setFound((f) => ({ ...f, ...e.matchesCount })),
      );
      eventBus.on("updatefindcontrolstate", (e: { state: number; matchesCount: { current: number; total: number } }) =>
        setFound({ state: e.state, ...e.matchesCount }),
      );
      viewer.setDocument(doc);
      linkService.setDocument(doc);
      controls.current = { viewer, eventBus };
      // A narrower or wider window fits the pages again.
      const resize = new ResizeObserver(() => {
        viewer.currentScaleValue = "auto";
      });
      resize.observe(box);
      stop = () => {
        resize.disconnect();
        controls.current = undefined;
        viewer.cleanup();
      };
    }, setError);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [doc]);

  const find = useCallback((text: string, again: boolean, previous = false) => {
    controls.current?.eventBus.dispatch("find", {
      source: null,
      type: again ? "again" : "",
      query: text,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: previous,
      matchDiacritics: false,
    });
  }, []);

  const openFind = useCallback(() => {
    setFindOpen(true);
    // The field exists after this render.
    requestAnimationFrame(() => {
      findInput.current?.focus();
      findInput.current?.select();
    });
  }, []);

  // Ctrl+F (⌘F) finds in the document rather than in the page around it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "f") {
        event.preventDefault();
        openFind();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openFind]);

  const closeFind = () => {
    setFindOpen(false);
    setQuery("");
    setFound({ current: 0, total: 0 });
    controls.current?.eventBus.dispatch("findbarclose", { source: null });
  };

  const goTo = () => {
    const target = pageFromInput(pageDraft ?? "", doc?.numPages ?? 0);
    if (target !== undefined && controls.current) controls.current.viewer.currentPageNumber = target;
    setPageDraft(undefined);
  };

  if (error) return <ViewerMessage onDownload={onDownload}>Could not open this PDF: {error}</ViewerMessage>;
  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={doc ? `PDF, ${doc.numPages} pages` : "PDF"}>
      <div className="flex min-h-12 flex-wrap items-center gap-2 border-b border-outline-variant px-3 py-1">
        {doc && (
          <label className="flex items-center gap-1 text-sm text-on-surface-variant tabular-nums">
            <span className="sr-only">Page number</span>
            <input
              inputMode="numeric"
              aria-label="Page number"
              value={pageDraft ?? String(page)}
              onChange={(e) => setPageDraft(e.target.value)}
              onFocus={(e) => e.target.select()}
              onBlur={goTo}
              onKeyDown={(e) => {
                if (e.key === "Enter") goTo();
                if (e.key === "Escape" && pageDraft !== undefined) {
                  e.stopPropagation();
                  setPageDraft(undefined);
                }
              }}
              className={cn(fieldControlClasses, "w-16 py-1 text-center")}
            />
            <span data-testid="pdf-page-count">/ {doc.numPages}</span>
          </label>
        )}
        <div className="flex-1" />
        {findOpen ? (
          <PdfFindBar
            inputRef={findInput}
            query={query}
            status={findStatus({ query, ...found })}
            onQuery={(text) => {
              setQuery(text);
              find(text, false);
            }}
            onStep={(previous) => find(query, true, previous)}
            onClose={closeFind}
          />
        ) : (
          <IconButton label="Find in document (Ctrl+F)" onClick={openFind} disabled={!ready}>
            <Search aria-hidden className="size-5" />
          </IconButton>
        )}
      </div>
      <div className="relative min-h-0 flex-1 bg-surface-container">
        {/* pdf.js wants its scroll box absolutely positioned. */}
        <div ref={container} className="absolute inset-0 overflow-auto" data-testid="pdf-document">
          <div ref={viewerElement} className="pdfViewer" />
        </div>
        {!ready && <Spinner label="Loading PDF" className="absolute inset-0 m-auto" />}
      </div>
    </section>
  );
}

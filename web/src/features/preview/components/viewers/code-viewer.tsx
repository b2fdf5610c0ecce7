import { WrapText } from "lucide-react";
import { useMemo, useState } from "react";
import { extensionOf } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import { useFileContent } from "../../hooks/use-file-content";
import { useHighlight } from "../../hooks/use-highlight";
import { type HighlightNode, splitLines } from "../../lib/highlight-tree";
import { ContentStatus } from "../content-status";
import { HighlightedText } from "../highlighted-text";
import type { ViewerProps } from "./viewer-props";
import "./code-theme.css";

const readText = (res: Response) => res.text();
const WRAP_KEY = "code-wrap";

/**
 * Code highlighted with the grammar of its extension (loaded on demand); text files shown as text. Lines are numbered
 * (by CSS, so the numbers are neither copied nor part of the text) and wrap on request (remembered).
 */
export default function CodeViewer({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readText);
  const text = state.status === "ready" ? state.data : undefined;
  const highlighted = useHighlight(text, extensionOf(item.name));
  const [wrap, setWrap] = useState(() => localStorage.getItem(WRAP_KEY) === "1");
  const lines = useMemo((): HighlightNode[][] | undefined => {
    if (text === undefined) return undefined;
    const split = highlighted ? splitLines(highlighted) : text.split("\n").map((l) => (l ? [l] : []));
    // A final newline ends the last line; it does not start another.
    if (split.length > 1 && split[split.length - 1]?.length === 0) split.pop();
    return split;
  }, [text, highlighted]);
  if (state.status !== "ready" || !lines) return <ContentStatus state={state} onDownload={onDownload} />;
  const endsWithNewline = state.data.endsWith("\n");
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex justify-end border-b border-outline-variant px-2 py-1">
        <button
          type="button"
          aria-pressed={wrap}
          onClick={() => {
            setWrap(!wrap);
            localStorage.setItem(WRAP_KEY, wrap ? "0" : "1");
          }}
          className={cn(
            "inline-flex h-9 items-center gap-2 rounded-full px-3 text-sm",
            wrap
              ? "bg-secondary-container text-on-secondary-container"
              : "text-on-surface-variant hover:bg-on-surface/10",
          )}
        >
          <WrapText aria-hidden className="size-4" />
          Wrap lines
        </button>
      </div>
      <pre
        className={cn("hljs code-lines min-h-0 flex-1 overflow-auto py-4 pr-4 text-sm", wrap && "wrap")}
        data-testid="code-preview"
      >
        <code>
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
            <span key={i} className="code-line">
              <HighlightedText text="" highlighted={line} />
              {i < lines.length - 1 || endsWithNewline ? "\n" : ""}
            </span>
          ))}
        </code>
      </pre>
    </div>
  );
}

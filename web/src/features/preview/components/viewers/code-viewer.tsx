import hljs from "highlight.js/lib/core";
import { type ReactNode, useEffect, useState } from "react";
import { extensionOf } from "@/features/files/lib/file-item";
import { useFileContent } from "../../hooks/use-file-content";
import { languageFor } from "../../lib/code-languages";
import { type HighlightNode, highlightTree } from "../../lib/highlight-tree";
import { ContentStatus } from "../content-status";
import type { ViewerProps } from "./viewer-props";
import "./code-theme.css";

const readText = (res: Response) => res.text();
/** Highlighting huge files freezes the tab; beyond this they are shown as plain text. */
const MAX_HIGHLIGHT_CHARS = 500_000;

function render(nodes: HighlightNode[]): ReactNode[] {
  return nodes.map((node, i) =>
    typeof node === "string" ? (
      node
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: a static tree rendered once
      <span key={i} className={node.className}>
        {render(node.children)}
      </span>
    ),
  );
}

/** Code highlighted with the grammar of its extension (loaded on demand); text files shown as text. */
export default function CodeViewer({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readText);
  const [highlighted, setHighlighted] = useState<HighlightNode[] | undefined>();
  const text = state.status === "ready" ? state.data : undefined;
  const ext = extensionOf(item.name);

  useEffect(() => {
    setHighlighted(undefined);
    const language = languageFor(ext);
    if (text === undefined || !language || text.length > MAX_HIGHLIGHT_CHARS) return;
    let cancelled = false;
    language.load().then(({ default: grammar }) => {
      if (cancelled) return;
      if (!hljs.getLanguage(language.name)) hljs.registerLanguage(language.name, grammar);
      setHighlighted(highlightTree(hljs.highlight(text, { language: language.name, ignoreIllegals: true }).value));
    });
    return () => {
      cancelled = true;
    };
  }, [text, ext]);

  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  return (
    <pre className="hljs h-full overflow-auto p-4 text-sm" data-testid="code-preview">
      <code>{highlighted ? render(highlighted) : state.data}</code>
    </pre>
  );
}

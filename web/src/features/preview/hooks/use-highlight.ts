import hljs from "highlight.js/lib/core";
import { useEffect, useState } from "react";
import { languageFor } from "../lib/code-languages";
import { type HighlightNode, highlightTree } from "../lib/highlight-tree";

/** Highlighting huge texts freezes the tab; beyond this they are shown as plain text. */
const MAX_HIGHLIGHT_CHARS = 500_000;

/**
 * `text` highlighted with the grammar for `language` (an extension such as "ts" or a fence name such as
 * "typescript"), loaded on demand; undefined until it is ready, or for plain text.
 */
export function useHighlight(text: string | undefined, language: string | undefined): HighlightNode[] | undefined {
  const [highlighted, setHighlighted] = useState<HighlightNode[] | undefined>();
  useEffect(() => {
    setHighlighted(undefined);
    const grammar = language ? languageFor(language) : undefined;
    if (text === undefined || !grammar || text.length > MAX_HIGHLIGHT_CHARS) return;
    let cancelled = false;
    grammar.load().then(({ default: definition }) => {
      if (cancelled) return;
      if (!hljs.getLanguage(grammar.name)) hljs.registerLanguage(grammar.name, definition);
      setHighlighted(highlightTree(hljs.highlight(text, { language: grammar.name, ignoreIllegals: true }).value));
    });
    return () => {
      cancelled = true;
    };
  }, [text, language]);
  return highlighted;
}

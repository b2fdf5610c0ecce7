/** A highlighted fragment: plain text, or a span with highlight.js classes around more fragments. */
export type HighlightNode = string | { className: string; children: HighlightNode[] };

/**
 * Turns highlight.js's HTML output into a tree of text and class names, so React renders the code as
 * text nodes: nothing of the file can ever be interpreted as markup.
 */
export function highlightTree(html: string): HighlightNode[] {
  const doc = new DOMParser().parseFromString(`<pre>${html}</pre>`, "text/html");
  const walk = (node: Node): HighlightNode[] =>
    [...node.childNodes].flatMap((child): HighlightNode[] => {
      if (child.nodeType === Node.TEXT_NODE) return [child.textContent ?? ""];
      if (child instanceof HTMLElement) return [{ className: child.className, children: walk(child) }];
      return [];
    });
  const pre = doc.body.firstElementChild;
  return pre ? walk(pre) : [];
}

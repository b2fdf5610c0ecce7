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

/** The fragments of each line (a span across lines is repeated on each), so lines can be numbered and wrapped. */
export function splitLines(nodes: HighlightNode[]): HighlightNode[][] {
  const lines: HighlightNode[][] = [[]];
  for (const node of nodes) {
    const parts: HighlightNode[][] =
      typeof node === "string"
        ? node.split("\n").map((p) => (p ? [p] : []))
        : splitLines(node.children).map((line) => (line.length ? [{ className: node.className, children: line }] : []));
    lines[lines.length - 1]?.push(...(parts[0] ?? []));
    for (const part of parts.slice(1)) lines.push([...part]);
  }
  return lines;
}

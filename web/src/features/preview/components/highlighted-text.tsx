import type { ReactNode } from "react";
import type { HighlightNode } from "../lib/highlight-tree";

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

/** Highlighted code as text nodes in spans (never markup), or the plain text until highlighting is ready. */
export function HighlightedText({ text, highlighted }: { text: string; highlighted: HighlightNode[] | undefined }) {
  return <>{highlighted ? render(highlighted) : text}</>;
}

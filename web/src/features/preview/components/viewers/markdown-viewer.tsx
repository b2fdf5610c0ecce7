import { type ComponentProps, isValidElement, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useFileContent } from "../../hooks/use-file-content";
import { useHighlight } from "../../hooks/use-highlight";
import { ContentStatus } from "../content-status";
import { HighlightedText } from "../highlighted-text";
import type { ViewerProps } from "./viewer-props";
import "./code-theme.css";
import "./markdown.css";

const readText = (res: Response) => res.text();

/** A fenced code block, highlighted with its language's grammar (loaded on demand). */
function CodeBlock({ children }: ComponentProps<"pre">) {
  const code = isValidElement<{ className?: string; children?: ReactNode }>(children) ? children.props : undefined;
  const text = typeof code?.children === "string" ? code.children.replace(/\n$/, "") : "";
  const language = /language-([\w#+-]+)/.exec(code?.className ?? "")?.[1];
  const highlighted = useHighlight(text, language);
  return (
    <pre className="hljs">
      <code>
        <HighlightedText text={text} highlighted={highlighted} />
      </code>
    </pre>
  );
}

const COMPONENTS: Components = {
  // Images become their alt text, so a document can't make the browser fetch from other hosts.
  img: ({ alt }) => <span className="text-on-surface-variant">[image{alt ? `: ${alt}` : ""}]</span>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  pre: CodeBlock,
  // Wide tables scroll on their own instead of widening the page.
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table>{children}</table>
    </div>
  ),
};

/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks, fenced code with highlighting) rendered as
 * React elements with real typography. Raw HTML in the file is dropped (`skipHtml`): nothing in a document runs.
 */
export default function MarkdownViewer({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readText);
  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  return (
    <div className="h-full overflow-auto">
      <article className="markdown-body mx-auto max-w-3xl px-6 py-8" data-testid="markdown-preview">
        <ReactMarkdown skipHtml remarkPlugins={[remarkGfm]} components={COMPONENTS}>
          {state.data}
        </ReactMarkdown>
      </article>
    </div>
  );
}

import ReactMarkdown from "react-markdown";
import { useFileContent } from "../../hooks/use-file-content";
import { ContentStatus } from "../content-status";
import type { ViewerProps } from "./viewer-props";

const readText = (res: Response) => res.text();

/**
 * Markdown rendered as React elements. Raw HTML in the file is dropped (`skipHtml`), and images become
 * their alt text so a document can't make the browser fetch from other hosts.
 */
export default function MarkdownViewer({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readText);
  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  return (
    <article className="prose-preview h-full overflow-auto p-6" data-testid="markdown-preview">
      <ReactMarkdown
        skipHtml
        components={{
          img: ({ alt }) => <span className="text-on-surface-variant">[image{alt ? `: ${alt}` : ""}]</span>,
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline">
              {children}
            </a>
          ),
        }}
      >
        {state.data}
      </ReactMarkdown>
    </article>
  );
}

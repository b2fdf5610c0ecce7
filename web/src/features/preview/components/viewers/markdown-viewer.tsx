import { useQuery } from "@tanstack/react-query";
import { type ComponentProps, isValidElement, type ReactNode, useMemo, useState } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { folderPathQueryOptions } from "../../api/drive-lookup";
import { useFileContent } from "../../hooks/use-file-content";
import { useHighlight } from "../../hooks/use-highlight";
import { ContentStatus } from "../content-status";
import { HighlightedText } from "../highlighted-text";
import { MarkdownImage, MarkdownLink, type MarkdownPlace } from "./markdown-refs";
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

/** How the document's parts render; links and pictures follow the document's place in the drive. */
function componentsFor(place: MarkdownPlace): Components {
  return {
    img: ({ src, alt }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} place={place} />,
    a: ({ href, children }) => (
      <MarkdownLink href={href} place={place}>
        {children}
      </MarkdownLink>
    ),
    pre: CodeBlock,
    // Wide tables scroll on their own instead of widening the page.
    table: ({ children }) => (
      <div className="overflow-x-auto">
        <table>{children}</table>
      </div>
    ),
  };
}

/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks, fenced code with highlighting) rendered as
 * React elements with real typography. Raw HTML in the file is dropped (`skipHtml`): nothing in a document runs. In the
 * drive, links and pictures relative to the document's folder (`other.md`, `img/a.png`, `../b.md`, `/Docs/c.md`) are
 * files of the drive: a link opens its file in this preview, a picture shows from the drive.
 */
export default function MarkdownViewer({ item, src, onDownload, source, onOpen }: ViewerProps) {
  const state = useFileContent(src, item.size, readText);
  const parentId = source?.inDrive ? item.parentId : undefined;
  const folder = useQuery({ ...folderPathQueryOptions(parentId ?? ""), enabled: parentId !== undefined }).data;
  const [missing, setMissing] = useState<string>();
  const components = useMemo(
    () => componentsFor({ folder, source, onOpen, onMissing: setMissing }),
    [folder, source, onOpen],
  );
  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  return (
    <div className="h-full overflow-auto">
      {missing && (
        <p role="status" className="sticky top-0 bg-error-container px-6 py-2 text-sm text-on-error-container">
          There is no file at {missing} in the drive.
        </p>
      )}
      <article className="markdown-body mx-auto max-w-3xl px-6 py-8" data-testid="markdown-preview">
        <ReactMarkdown skipHtml remarkPlugins={[remarkGfm]} components={components}>
          {state.data}
        </ReactMarkdown>
      </article>
    </div>
  );
}

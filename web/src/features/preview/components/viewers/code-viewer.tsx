import { extensionOf } from "@/drive/files/file-item";
import { useFileContent } from "../../hooks/use-file-content";
import { useHighlight } from "../../hooks/use-highlight";
import { ContentStatus } from "../content-status";
import { HighlightedText } from "../highlighted-text";
import type { ViewerProps } from "./viewer-props";
import "./code-theme.css";

const readText = (res: Response) => res.text();

/** Code highlighted with the grammar of its extension (loaded on demand); text files shown as text. */
export default function CodeViewer({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readText);
  const text = state.status === "ready" ? state.data : undefined;
  const highlighted = useHighlight(text, extensionOf(item.name));
  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  return (
    <pre className="hljs h-full overflow-auto p-4 text-sm" data-testid="code-preview">
      <code>
        <HighlightedText text={state.data} highlighted={highlighted} />
      </code>
    </pre>
  );
}

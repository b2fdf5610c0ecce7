import { Spinner } from "@/ui/spinner";
import type { ContentState } from "../hooks/use-file-content";
import { ViewerMessage } from "./viewer-message";

/** Loading, error and too-large states shared by the viewers that read the file themselves. */
export function ContentStatus({ state, onDownload }: { state: ContentState<unknown>; onDownload: () => void }) {
  if (state.status === "loading") return <Spinner label="Loading preview" className="m-auto" />;
  if (state.status === "too-large")
    return <ViewerMessage onDownload={onDownload}>This file is too large to preview.</ViewerMessage>;
  if (state.status === "error")
    return <ViewerMessage onDownload={onDownload}>Could not load the preview: {state.message}</ViewerMessage>;
  return null;
}

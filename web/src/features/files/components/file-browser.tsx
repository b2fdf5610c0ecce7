import { type ReactNode, useEffect } from "react";
import { useDetails } from "@/drive/details/details-store";
import { FileListViewContext, type FileListViewInput, useFileListViewOf } from "../hooks/use-file-list-view";
import { useSelection } from "../stores/selection-store";
import { DetailsArea } from "./details-area";
import { FileList } from "./file-list";
import { FileToolbar } from "./file-toolbar";
import { NewButtonSlot } from "./new-button-slot";

export interface FileBrowserProps extends FileListViewInput {
  /** Heading or breadcrumbs above the list. */
  title: ReactNode;
  /** Between the toolbar and the list, e.g. what a search searched. */
  header?: ReactNode;
}

/**
 * A file-list page: toolbar, list and the glue to the file actions. Every list view renders this; its parts read
 * the list's view (place, options, commands) from FileListViewContext.
 */
export function FileBrowser({ title, header, ...input }: FileBrowserProps) {
  const view = useFileListViewOf(input);
  const { listKey } = view;

  // A selection belongs to one list; another folder, view or sort starts empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: listKey is the trigger, not an input.
  useEffect(() => {
    useSelection.getState().clear();
    useDetails.getState().forget();
    return () => useSelection.getState().clear();
  }, [listKey]);

  return (
    <FileListViewContext value={view}>
      <div className="flex min-h-0 flex-1 flex-col">
        <FileToolbar title={title} />
        {header}
        <div className="flex min-h-0 flex-1">
          <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">
            <FileList key={`${listKey}|${view.viewId}`} />
            <NewButtonSlot />
          </div>
          <DetailsArea />
        </div>
      </div>
    </FileListViewContext>
  );
}

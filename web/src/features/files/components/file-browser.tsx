import { hashKey } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useDetails } from "@/drive/details/details-store";
import type { FileItem } from "@/drive/files/file-item";
import { useDeriveOptions } from "../hooks/use-derive-options";
import { useFileCommandDispatch } from "../hooks/use-file-command-dispatch";
import { useFilePages } from "../hooks/use-file-pages";
import type { ListQuery, Sort } from "../lib/list-query";
import { useSelection } from "../stores/selection-store";
import { useViewPrefs } from "../stores/view-prefs-store";
import { DetailsArea } from "./details-area";
import { FileList } from "./file-list";
import { FileToolbar } from "./file-toolbar";

export interface FileBrowserProps {
  /** Heading or breadcrumbs above the list. */
  title: ReactNode;
  /** Accessible name of the list. */
  label: string;
  query: ListQuery;
  sort: Sort;
  onSortChange(sort: Sort): void;
  /** The folder shown, when the view is one folder. */
  location: { folderPath?: string; folderId?: string };
  /** Between the toolbar and the list, e.g. what a search searched. */
  header?: ReactNode;
  /** Say under each name which folder it is in (lists that are not one folder). */
  showLocation?: boolean;
  /** Id of an item to select and bring into view once its page is here ("Show in folder"). */
  select?: string;
  onOpenFolder(item: FileItem): void;
  /** Opens the folder an item is in; offered as "Show in folder" when given. */
  onShowInFolder?(item: FileItem): void;
  onNavigateUp?(): void;
}

/** A file-list page: toolbar, list and the glue to the file actions. Every list view renders this. */
export function FileBrowser(props: FileBrowserProps) {
  const { query, location } = props;
  const deriveOptions = useDeriveOptions();
  const pages = useFilePages(query, deriveOptions);
  const viewId = useViewPrefs((s) => s.viewId);
  const [selectMode, setSelectMode] = useState(false);
  const canCreate = Boolean(location.folderPath || location.folderId);
  const listKey = hashKey([query]);

  // A selection belongs to one list; another folder, view or sort starts empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: listKey is the trigger, not an input.
  useEffect(() => {
    useSelection.getState().clear();
    useDetails.getState().forget();
    return () => useSelection.getState().clear();
  }, [listKey]);

  const { open, onCommand, onMoveTo, selectedItems } = useFileCommandDispatch({
    location,
    pages,
    onOpenFolder: props.onOpenFolder,
    onShowInFolder: props.onShowInFolder,
  });
  const { onShowInFolder } = props;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <FileToolbar
        title={props.title}
        canCreate={canCreate}
        showInFolder={Boolean(onShowInFolder)}
        sort={props.sort}
        onSortChange={props.onSortChange}
        selectMode={selectMode}
        onSelectModeChange={setSelectMode}
        selectedItems={selectedItems}
        onCommand={onCommand}
      />
      {props.header}
      <div className="flex min-h-0 flex-1">
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          <FileList
            key={`${listKey}|${viewId}`}
            query={query}
            pages={pages}
            viewId={viewId}
            label={props.label}
            sort={props.sort}
            onSortChange={props.onSortChange}
            location={location}
            canCreate={canCreate}
            showLocation={props.showLocation}
            showInFolder={Boolean(onShowInFolder)}
            select={props.select}
            selectMode={selectMode}
            onOpen={open}
            onNavigateUp={props.onNavigateUp}
            onCommand={onCommand}
            onMoveTo={onMoveTo}
            selectedItems={selectedItems}
          />
        </div>
        <DetailsArea />
      </div>
    </div>
  );
}

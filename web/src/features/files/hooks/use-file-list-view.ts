import { hashKey } from "@tanstack/react-query";
import { createContext, useContext, useState } from "react";
import type { FileCommandId } from "@/drive/commands/file-commands";
import type { FileItem } from "@/drive/files/file-item";
import type { ListQuery, Sort } from "../lib/list-query";
import { useViewPrefs, type ViewId } from "../stores/view-prefs-store";
import { useDeriveOptions } from "./use-derive-options";
import { useFileCommandDispatch } from "./use-file-command-dispatch";
import { useFilePages } from "./use-file-pages";

/** The folder a list shows, when it shows one: creation, paste and drops go there. */
export interface ListLocation {
  folderPath?: string;
  folderId?: string;
}

/** What a list page passes in (FileBrowser's props, minus what it draws itself). */
export interface FileListViewInput {
  /** Accessible name of the list, e.g. "My Drive". */
  label: string;
  query: ListQuery;
  sort: Sort;
  onSortChange(sort: Sort): void;
  location: ListLocation;
  /** Say under each name which folder it is in (lists that are not one folder). */
  showLocation?: boolean;
  /** Id of an item to select and bring into view once its page is here ("Show in folder"). */
  select?: string;
  onOpenFolder(item: FileItem): void;
  /** Opens the folder an item is in; offered as "Show in folder" when given. */
  onShowInFolder?(item: FileItem): void;
  onNavigateUp?(): void;
}

/**
 * One file list as its parts see it (toolbar, list, rows' menus, keyboard, drag): where it is, what it offers and
 * how it acts. FileBrowser makes it once and provides it; the parts read it with `useFileListView()` instead of
 * passing a dozen props down.
 */
export interface FileListView {
  label: string;
  query: ListQuery;
  /** Changes when the folder, view or sort does: a selection belongs to one list. */
  listKey: string;
  pages: ReturnType<typeof useFilePages>;
  viewId: ViewId;
  sort: Sort;
  onSortChange(sort: Sort): void;
  location: ListLocation;
  /** The list is one folder, so New folder and Upload are offered. */
  canCreate: boolean;
  showLocation: boolean;
  /** Offer "Show in folder" in the toolbar, context menu and action sheet. */
  showInFolder: boolean;
  select?: string;
  /** Touch: taps select instead of opening. */
  selectMode: boolean;
  setSelectMode(on: boolean): void;
  open(item: FileItem): void;
  onNavigateUp?(): void;
  onCommand(id: FileCommandId, items: FileItem[]): void;
  onMoveTo(items: FileItem[], destination: { id?: string; path?: string }): void;
  /** The selected items that are loaded, read when asked (the selection lives in a store). */
  selectedItems(): FileItem[];
}

export const FileListViewContext = createContext<FileListView | null>(null);

export function useFileListView(): FileListView {
  const view = useContext(FileListViewContext);
  if (!view) throw new Error("useFileListView needs a FileBrowser above it");
  return view;
}

/** Builds the view of one list page: its pages, its selection mode and the glue to the app's file commands. */
export function useFileListViewOf(input: FileListViewInput): FileListView {
  const { label, query, sort, onSortChange, location, showLocation, select, onNavigateUp } = input;
  const deriveOptions = useDeriveOptions();
  const pages = useFilePages(query, deriveOptions);
  const viewId = useViewPrefs((s) => s.viewId);
  const [selectMode, setSelectMode] = useState(false);
  const listKey = hashKey([query]);
  const { open, onCommand, onMoveTo, selectedItems } = useFileCommandDispatch({
    location,
    pages,
    onOpenFolder: input.onOpenFolder,
    onShowInFolder: input.onShowInFolder,
  });
  // A fresh object per render, like the props it replaces: its parts re-render with the page anyway.
  return {
    ...{ label, query, listKey, pages, viewId, sort, onSortChange, location, select, selectMode, setSelectMode },
    ...{ open, onNavigateUp, onCommand, onMoveTo, selectedItems },
    canCreate: Boolean(location.folderPath || location.folderId),
    showLocation: Boolean(showLocation),
    showInFolder: Boolean(input.onShowInFolder),
  };
}

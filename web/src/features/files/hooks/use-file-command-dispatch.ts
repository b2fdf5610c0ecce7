import { useCallback } from "react";
import type { FileActionContext, FileCommandId } from "@/drive/commands/file-commands";
import { useFileCommands } from "@/drive/commands/file-commands-context";
import { useDetails } from "@/drive/details/details-store";
import type { FileItem } from "@/drive/files/file-item";
import { toggleStarred } from "@/drive/stars/stars";
import { useSelection } from "../stores/selection-store";
import type { useFilePages } from "./use-file-pages";

/**
 * The browser's side of the file commands: what toolbar, list, menus and keyboard ask for, turned into calls of the
 * app's `FileCommands` with the items and folder they are about. Folders open in the list itself.
 */
export function useFileCommandDispatch(o: {
  location: { folderPath?: string; folderId?: string };
  pages: ReturnType<typeof useFilePages>;
  onOpenFolder(item: FileItem): void;
  onShowInFolder?(item: FileItem): void;
}) {
  const { location, pages } = o;
  const fileActions = useFileCommands();
  const context = useCallback(
    (): FileActionContext => ({ ...location, items: pages.loadedEntries().map(([, item]) => item) }),
    [location, pages],
  );

  const selectedItems = useCallback((): FileItem[] => {
    const ids = useSelection.getState().ids;
    if (ids.size === 0) return [];
    return pages
      .loadedEntries()
      .filter(([, item]) => ids.has(item.id))
      .map(([, item]) => item);
  }, [pages]);

  const { onOpenFolder, onShowInFolder } = o;
  const open = useCallback(
    (item: FileItem) => (item.isDir ? onOpenFolder(item) : fileActions.open(item, context())),
    [onOpenFolder, context, fileActions],
  );

  const onCommand = useCallback(
    (id: FileCommandId, items: FileItem[]) => {
      const [first] = items;
      switch (id) {
        case "open":
          if (first) open(first);
          return;
        case "newFolder":
          return fileActions.newFolder(context());
        case "upload":
          return fileActions.upload(context());
        case "uploadFolder":
          return fileActions.upload(context(), { folder: true });
        case "rename":
          if (first) fileActions.rename(first);
          return;
        case "move":
          return fileActions.move(items);
        case "copy":
          return fileActions.copy(items);
        case "download":
          return fileActions.download(items);
        case "downloadZip":
          return fileActions.downloadZip(items);
        case "share":
          if (first) fileActions.share(first);
          return;
        case "requestFiles":
          if (first) fileActions.requestFiles(first);
          return;
        case "copyLink":
          if (first) fileActions.copyLink(first);
          return;
        case "showInFolder":
          if (first) onShowInFolder?.(first);
          return;
        case "details":
          if (first) useDetails.getState().show(first.id);
          return;
        case "star":
          void toggleStarred(items);
          return;
        case "remove":
          return fileActions.remove(items);
      }
    },
    [open, context, onShowInFolder, fileActions],
  );

  const onMoveTo = useCallback(
    (items: FileItem[], destination: { id?: string; path?: string }) => {
      if (items.length > 0) fileActions.moveTo(items, destination);
    },
    [fileActions],
  );

  return { open, onCommand, onMoveTo, selectedItems };
}

import { type DragEvent, useState } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { joinPath } from "@/drive/files/folder-path";
import { useSelection } from "../stores/selection-store";
import { indexOfEvent } from "./index-of-event";
import { useFileListView } from "./use-file-list-view";

/** Our own drags carry this type, so the upload drop zone (which wants "Files") leaves them alone. */
const DRAG_MIME = "application/x-drive-items";

/**
 * Dragging rows (the selection, or the row grabbed) onto a folder row moves them there. The dragged items sit in the
 * selection store so breadcrumbs can accept the same drag.
 */
export function useRowDrag() {
  const view = useFileListView();
  const o = { ...view, itemAt: view.pages.itemAt };
  const [dropIndex, setDropIndex] = useState<number>();

  const folderTarget = (e: DragEvent): FileItem | undefined => {
    const index = indexOfEvent(e);
    const item = index === undefined ? undefined : o.itemAt(index);
    if (!item?.isDir || !e.dataTransfer.types.includes(DRAG_MIME)) return undefined;
    return useSelection.getState().dragged.some((d) => d.id === item.id) ? undefined : item;
  };

  const dragHandlers = {
    onDragStart: (e: DragEvent) => {
      const index = indexOfEvent(e);
      const item = index === undefined ? undefined : o.itemAt(index);
      if (!item || index === undefined) return e.preventDefault();
      const selection = useSelection.getState();
      if (!selection.ids.has(item.id)) selection.click(index, "replace", (i) => o.itemAt(i)?.id);
      const selected = o.selectedItems();
      const items = selected.some((s) => s.id === item.id) ? selected : [item];
      selection.setDragged(items);
      e.dataTransfer.setData(DRAG_MIME, items.map((i) => i.id).join(","));
      e.dataTransfer.effectAllowed = "move";
    },
    onDragOver: (e: DragEvent) => {
      const folder = folderTarget(e);
      if (!folder) return setDropIndex(undefined);
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      setDropIndex(indexOfEvent(e));
    },
    onDragLeave: () => setDropIndex(undefined),
    onDrop: (e: DragEvent) => {
      const folder = folderTarget(e);
      setDropIndex(undefined);
      if (!folder) return;
      e.preventDefault();
      e.stopPropagation();
      const path = o.location.folderPath ? joinPath(o.location.folderPath, folder.name) : undefined;
      o.onMoveTo(useSelection.getState().dragged, { id: folder.id, path });
    },
    onDragEnd: () => {
      useSelection.getState().setDragged([]);
      setDropIndex(undefined);
    },
  };

  return { dropIndex, dragHandlers };
}

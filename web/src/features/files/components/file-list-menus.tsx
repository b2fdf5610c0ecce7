import type { FileCommandId } from "@/drive/commands/file-commands";
import type { FileItem } from "@/drive/files/file-item";
import { actionSheet, contextMenu, type useListPointer } from "../hooks/use-list-pointer";

/** The list's context menu and touch action sheet, once their code has arrived (see `useListPointer`). */
export function FileListMenus(props: {
  pointer: ReturnType<typeof useListPointer>;
  canCreate: boolean;
  showInFolder?: boolean;
  selectedItems(): FileItem[];
  onCommand(id: FileCommandId, items: FileItem[]): void;
}) {
  const { pointer, ...commands } = props;
  const ContextMenu = contextMenu.current?.FileContextMenu;
  const ActionSheet = actionSheet.current?.ActionSheet;
  return (
    <>
      {pointer.menu && ContextMenu && (
        <ContextMenu
          key={pointer.menu.opening}
          at={pointer.menu}
          openedBy={pointer.menu.openedBy}
          onClose={pointer.closeMenu}
          {...commands}
        />
      )}
      {ActionSheet && <ActionSheet open={pointer.sheetOpen} onOpenChange={pointer.setSheetOpen} {...commands} />}
    </>
  );
}

import { actionSheet, contextMenu, type useListPointer } from "../hooks/use-list-pointer";

/** The list's context menu and touch action sheet, once their code has arrived (see `useListPointer`). */
export function FileListMenus({ pointer }: { pointer: ReturnType<typeof useListPointer> }) {
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
        />
      )}
      {ActionSheet && <ActionSheet open={pointer.sheetOpen} onOpenChange={pointer.setSheetOpen} />}
    </>
  );
}

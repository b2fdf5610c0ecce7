import * as Menu from "@radix-ui/react-menu";
import { useMemo, useState } from "react";
import { useCanRequestFiles } from "@/drive/api/capabilities";
import { fileCommandsFor } from "@/drive/commands/file-commands";
import { useStarredIds } from "@/drive/stars/stars";
import { cn } from "@/lib/cn";
import { type OpenedBy, useFirstItemFocus } from "@/ui/deferred-trigger";
import { menuItemClasses, menuSurfaceClasses } from "@/ui/menu-classes";
import { useFileListView } from "../hooks/use-file-list-view";
import { CommandIcon } from "./command-icon";

export interface FileContextMenuProps {
  /** Where the menu opens, in viewport pixels (the pointer, or the focused row for the keyboard). */
  at: { x: number; y: number };
  openedBy: OpenedBy;
  onClose(): void;
}

/**
 * The right-click menu: the same commands as the toolbar, for the selection (or the folder when none). Built on
 * Radix's Menu, as its ContextMenu is, but anchored at a point the list gives it: the list is not wrapped in a
 * trigger, so this code loads on the first right-click instead of with the page.
 */
export function FileContextMenu(props: FileContextMenuProps) {
  const { x, y } = props.at;
  const anchor = useMemo(
    () => ({ current: { getBoundingClientRect: () => DOMRect.fromRect({ x, y, width: 0, height: 0 }) } }),
    [x, y],
  );
  const onFocus = useFirstItemFocus(props.openedBy);
  // Read once per opening: the menu mounts when it opens.
  const view = useFileListView();
  const [selected] = useState(view.selectedItems);
  const starredIds = useStarredIds();
  const fileRequests = useCanRequestFiles();
  const commands = fileCommandsFor(selected, {
    canCreate: view.canCreate,
    showInFolder: view.showInFolder,
    starred: selected.length > 0 && selected.every((i) => starredIds.has(i.id)),
    fileRequests,
  });
  return (
    <Menu.Root open modal={false} onOpenChange={(open) => open || props.onClose()}>
      <Menu.Anchor virtualRef={anchor} />
      <Menu.Portal>
        <Menu.Content
          side="right"
          sideOffset={2}
          align="start"
          onFocus={onFocus}
          className={cn(menuSurfaceClasses, "min-w-48")}
        >
          {commands.length === 0 ? (
            <p className="px-3 py-2 text-sm text-on-surface-variant">No actions here</p>
          ) : (
            commands.map((command) => (
              <Menu.Item
                key={command.id}
                className={cn(menuItemClasses, command.danger && "text-error")}
                onSelect={() => view.onCommand(command.id, selected)}
              >
                <CommandIcon id={command.id} />
                <span className="flex-1">{command.label}</span>
                {command.shortcut && <span className="text-xs text-on-surface-variant">{command.shortcut}</span>}
              </Menu.Item>
            ))
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

import { ContextMenu } from "radix-ui";
import { menuItemClasses } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/cn";
import { type FileCommandId, fileCommandsFor } from "../lib/file-commands";
import type { FileItem } from "../lib/file-item";
import { CommandIcon } from "./command-icon";

/** The right-click menu: the same commands as the toolbar, for the selection (or the folder when none). */
export function FileContextMenuContent(props: {
  canCreate: boolean;
  selectedItems(): FileItem[];
  onCommand(id: FileCommandId, items: FileItem[]): void;
}) {
  return (
    <ContextMenu.Portal>
      <ContextMenu.Content className="z-50 min-w-48 rounded-xl border border-outline-variant bg-surface-container p-1 text-on-surface shadow-lg outline-none">
        <ContextMenuItems {...props} />
      </ContextMenu.Content>
    </ContextMenu.Portal>
  );
}

function ContextMenuItems(props: {
  canCreate: boolean;
  selectedItems(): FileItem[];
  onCommand(id: FileCommandId, items: FileItem[]): void;
}) {
  // Read once per opening: the content mounts when the menu opens.
  const selected = props.selectedItems();
  const commands = fileCommandsFor(selected, { canCreate: props.canCreate });
  if (commands.length === 0) {
    return <p className="px-3 py-2 text-sm text-on-surface-variant">No actions here</p>;
  }
  return commands.map((command) => (
    <ContextMenu.Item
      key={command.id}
      className={cn(menuItemClasses, command.danger && "text-error")}
      onSelect={() => props.onCommand(command.id, selected)}
    >
      <CommandIcon id={command.id} />
      <span className="flex-1">{command.label}</span>
      {command.shortcut && <span className="text-xs text-on-surface-variant">{command.shortcut}</span>}
    </ContextMenu.Item>
  ));
}

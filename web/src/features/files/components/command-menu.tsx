import type { HTMLAttributes, ReactElement } from "react";
import type { FileCommand, FileCommandId } from "@/drive/commands/file-commands";
import { cn } from "@/lib/cn";
import { DropdownMenu, DropdownMenuItem } from "@/ui/dropdown-menu";
import { CommandIcon } from "./command-icon";

/** A menu of file commands behind one button: "New" on a phone, "More actions" for a selection there. */
export function CommandMenu({
  trigger,
  commands,
  onCommand,
  align = "end",
}: {
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  commands: FileCommand[];
  onCommand(id: FileCommandId): void;
  align?: "start" | "end";
}) {
  return (
    <DropdownMenu align={align} trigger={trigger}>
      {commands.map((command) => (
        <DropdownMenuItem
          key={command.id}
          icon={<CommandIcon id={command.id} />}
          className={cn(command.danger && "text-error")}
          onSelect={() => onCommand(command.id)}
        >
          {command.label}
        </DropdownMenuItem>
      ))}
    </DropdownMenu>
  );
}

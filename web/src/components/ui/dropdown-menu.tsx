import { DropdownMenu as RadixMenu } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface DropdownMenuProps {
  /** The element that opens the menu; must be a focusable element such as an IconButton. */
  trigger: ReactNode;
  children: ReactNode;
  align?: "start" | "center" | "end";
  className?: string;
}

/** A menu button: arrow keys move between items, typing jumps to an item, Escape closes and refocuses the trigger. */
export function DropdownMenu({ trigger, children, align = "end", className }: DropdownMenuProps) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={6}
          className={cn(
            "z-50 min-w-44 rounded-xl bg-surface-container p-1 text-on-surface shadow-lg outline-none",
            "border border-outline-variant",
            className,
          )}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export const DropdownMenuRadioGroup = RadixMenu.RadioGroup;
export const DropdownMenuLabel = RadixMenu.Label;
export const DropdownMenuSeparator = RadixMenu.Separator;

/** Classes shared by every kind of menu item. */
export const menuItemClasses =
  "flex cursor-pointer select-none items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-on-surface/10 data-[disabled]:opacity-50";

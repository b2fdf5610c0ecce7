import type { DropdownMenu as RadixMenu } from "radix-ui";
import type { ComponentProps, HTMLAttributes, ReactElement, ReactNode } from "react";
import { onDemand } from "@/lib/on-demand";
import { DeferredTrigger } from "./deferred-trigger";
import type { ItemProps, RadioItemProps } from "./dropdown-menu-radix";

export interface DropdownMenuProps {
  /** The element that opens the menu; must be a focusable element such as an IconButton. */
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  children: ReactNode;
  align?: "start" | "center" | "end";
  className?: string;
}

// Radix's menu code is not needed to draw the first page; it is fetched when a menu is first pointed at or used.
const radixMenu = onDemand(() => import("./dropdown-menu-radix"));

/** A menu button: arrow keys move between items, typing jumps to an item, Escape closes and refocuses the trigger. */
export function DropdownMenu(props: DropdownMenuProps) {
  return (
    <DeferredTrigger module={radixMenu} trigger={props.trigger} popup="menu">
      {(menu, openedBy) => <menu.RadixDropdownMenu {...props} openedBy={openedBy} />}
    </DeferredTrigger>
  );
}

/** Items render only inside an open menu, so the Radix module is always here by then. */
function loaded() {
  if (!radixMenu.current) throw new Error("Menu items render only inside a DropdownMenu");
  return radixMenu.current;
}

/** One action; `icon` is decorative. With `asChild`, the child (e.g. a Link) is the item. */
export function DropdownMenuItem(props: ItemProps) {
  const { Item } = loaded();
  return <Item {...props} />;
}

/** One choice inside a DropdownMenuRadioGroup; a check mark shows the selected one. */
export function DropdownMenuRadioItem(props: RadioItemProps) {
  const { RadioItem } = loaded();
  return <RadioItem {...props} />;
}

export function DropdownMenuRadioGroup(props: ComponentProps<typeof RadixMenu.RadioGroup>) {
  const { RadioGroup } = loaded();
  return <RadioGroup {...props} />;
}

export function DropdownMenuLabel(props: ComponentProps<typeof RadixMenu.Label>) {
  const { Label } = loaded();
  return <Label {...props} />;
}

export function DropdownMenuSeparator(props: ComponentProps<typeof RadixMenu.Separator>) {
  const { Separator } = loaded();
  return <Separator {...props} />;
}

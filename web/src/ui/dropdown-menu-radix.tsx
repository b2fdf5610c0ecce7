import { Check } from "lucide-react";
import { DropdownMenu as RadixMenu } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { type OpenedBy, useFirstItemFocus } from "./deferred-trigger";
import type { DropdownMenuProps } from "./dropdown-menu";
import { menuItemClasses, menuSurfaceClasses } from "./menu-classes";

// The Radix half of dropdown-menu.tsx, fetched when the first menu is used.

export function RadixDropdownMenu({
  trigger,
  children,
  align = "end",
  className,
  openedBy,
}: DropdownMenuProps & { openedBy: OpenedBy | undefined }) {
  const onFocus = useFirstItemFocus(openedBy);
  return (
    <RadixMenu.Root modal={false} defaultOpen={openedBy !== undefined}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={6}
          onFocus={onFocus}
          className={cn(menuSurfaceClasses, "min-w-44", className)}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export type ItemProps = ComponentProps<typeof RadixMenu.Item> & { icon?: ReactNode };
export type RadioItemProps = ComponentProps<typeof RadixMenu.RadioItem> & { icon?: ReactNode };

function ItemIcon({ icon }: { icon: ReactNode }) {
  return (
    <span aria-hidden className="inline-flex size-5 items-center justify-center">
      {icon}
    </span>
  );
}

export function Item({ icon, className, children, ...props }: ItemProps) {
  return (
    <RadixMenu.Item className={cn(menuItemClasses, className)} {...props}>
      {icon ? (
        <>
          <ItemIcon icon={icon} />
          {children}
        </>
      ) : (
        children
      )}
    </RadixMenu.Item>
  );
}

export function RadioItem({ icon, className, children, ...props }: RadioItemProps) {
  return (
    <RadixMenu.RadioItem className={cn(menuItemClasses, className)} {...props}>
      {icon && <ItemIcon icon={icon} />}
      <span className="flex-1">{children}</span>
      <RadixMenu.ItemIndicator>
        <Check aria-hidden className="size-4" />
      </RadixMenu.ItemIndicator>
    </RadixMenu.RadioItem>
  );
}

export const RadioGroup = RadixMenu.RadioGroup;
export const Label = RadixMenu.Label;
export const Separator = RadixMenu.Separator;

import { DropdownMenu as RadixMenu } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { menuItemClasses } from "./dropdown-menu";

/** One action in a DropdownMenu; `icon` is decorative. */
export function DropdownMenuItem({
  icon,
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.Item> & { icon?: ReactNode }) {
  return (
    <RadixMenu.Item className={cn(menuItemClasses, className)} {...props}>
      {icon && (
        <span aria-hidden className="inline-flex size-5 items-center justify-center">
          {icon}
        </span>
      )}
      {children}
    </RadixMenu.Item>
  );
}

import { Check } from "lucide-react";
import { DropdownMenu as RadixMenu } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { menuItemClasses } from "./dropdown-menu";

/** One choice inside a DropdownMenuRadioGroup; a check mark shows the selected one. */
export function DropdownMenuRadioItem({
  icon,
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.RadioItem> & { icon?: ReactNode }) {
  return (
    <RadixMenu.RadioItem className={cn(menuItemClasses, className)} {...props}>
      {icon && (
        <span aria-hidden className="inline-flex size-5 items-center justify-center">
          {icon}
        </span>
      )}
      <span className="flex-1">{children}</span>
      <RadixMenu.ItemIndicator>
        <Check aria-hidden className="size-4" />
      </RadixMenu.ItemIndicator>
    </RadixMenu.RadioItem>
  );
}

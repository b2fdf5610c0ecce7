import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";

/**
 * A round button holding only an icon; `label` is required because it is the button's accessible name. 44 px, and
 * 48 px on touch screens, whatever size a caller asks for on a mouse-driven screen.
 */
export function IconButton({
  label,
  className,
  type = "button",
  children,
  ...props
}: Omit<ComponentProps<"button">, "aria-label"> & { label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-on-surface-variant transition pointer-coarse:size-12",
        "hover:bg-on-surface/10 disabled:cursor-not-allowed disabled:opacity-50",
        focusRing,
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}

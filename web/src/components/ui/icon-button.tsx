import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";

/** A round button holding only an icon; `label` is required because it is the button's accessible name. */
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
        "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-on-surface-variant transition",
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

import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export type ButtonVariant = "filled" | "tonal" | "outlined" | "text" | "danger";

const variantClasses: Record<ButtonVariant, string> = {
  filled: "bg-primary text-on-primary hover:brightness-110",
  tonal: "bg-secondary-container text-on-secondary-container hover:brightness-95 dark:hover:brightness-110",
  outlined: "border border-outline text-primary hover:bg-primary/10",
  text: "text-primary hover:bg-primary/10",
  danger: "bg-error text-on-error hover:brightness-110",
};

/** Shared focus ring: always visible for keyboard users, never for mouse clicks. */
export const focusRing =
  "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

/** A button's look, also for a link that should look like one. 44 px high, 48 px on touch screens. */
export function buttonClasses(variant: ButtonVariant = "filled", className?: string): string {
  return cn(
    "inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-medium transition pointer-coarse:h-12",
    "disabled:cursor-not-allowed disabled:opacity-50",
    focusRing,
    variantClasses[variant],
    className,
  );
}

export function Button({
  variant = "filled",
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}

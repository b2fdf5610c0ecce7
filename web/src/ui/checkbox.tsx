import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

/**
 * A labelled checkbox. A native input keeps form libraries (react-hook-form `register`), keyboard
 * and screen readers working without extra wiring.
 */
export function Checkbox({
  label,
  id,
  className,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { label: ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <input
        id={inputId}
        type="checkbox"
        className="size-5 cursor-pointer rounded accent-primary outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        {...props}
      />
      <label htmlFor={inputId} className="flex min-h-11 cursor-pointer items-center text-sm text-on-surface">
        {label}
      </label>
    </div>
  );
}

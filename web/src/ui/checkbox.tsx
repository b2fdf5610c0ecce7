import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { fieldHintClasses } from "./field-classes";

/**
 * A labelled checkbox. A native input keeps form libraries (react-hook-form `register`), keyboard
 * and screen readers working without extra wiring. A `hint` is shown under it and announced with it.
 */
export function Checkbox({
  label,
  hint,
  id,
  className,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { label: ReactNode; hint?: ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cn("flex flex-col", className)}>
      <div className="flex items-center gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-describedby={hint ? hintId : undefined}
          className="size-5 cursor-pointer rounded accent-primary outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed"
          {...props}
        />
        <label
          htmlFor={inputId}
          className={cn(
            "flex min-h-11 cursor-pointer items-center text-sm text-on-surface",
            props.disabled && "cursor-not-allowed text-on-surface-variant",
          )}
        >
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className={fieldHintClasses}>
          {hint}
        </p>
      )}
    </div>
  );
}

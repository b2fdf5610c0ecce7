import { ChevronDown } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { fieldControlClasses, fieldErrorClasses, fieldHintClasses, fieldLabelClasses } from "./field-classes";

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = ComponentProps<"select"> & {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string;
  hint?: ReactNode;
  /** Shown as a disabled first option while nothing is chosen. */
  placeholder?: string;
};

/**
 * A labelled select. Native on purpose: phones show their own picker, and keyboard and screen
 * reader support come with the element.
 */
export function Select({ label, options, error, hint, placeholder, id, className, ...props }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={selectId} className={fieldLabelClasses}>
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(fieldControlClasses, "cursor-pointer appearance-none pr-9")}
          {...props}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-on-surface-variant"
        />
      </div>
      {hint && (
        <p id={hintId} className={fieldHintClasses}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={fieldErrorClasses}>
          {error}
        </p>
      )}
    </div>
  );
}

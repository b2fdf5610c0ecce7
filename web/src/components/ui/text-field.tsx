import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { fieldControlClasses, fieldErrorClasses, fieldHintClasses, fieldLabelClasses } from "./field-classes";

export type TextFieldProps = ComponentProps<"input"> & {
  label: ReactNode;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string;
  hint?: ReactNode;
};

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={inputId} className={fieldLabelClasses}>
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldControlClasses}
        {...props}
      />
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

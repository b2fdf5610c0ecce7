import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { fieldControlClasses, fieldErrorClasses, fieldHintClasses, fieldLabelClasses } from "./field-classes";

export type TextAreaFieldProps = ComponentProps<"textarea"> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

/** A labelled multi-line input, with hint and error tied to it like TextField. */
export function TextAreaField({ label, error, hint, id, className, ...props }: TextAreaFieldProps) {
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
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(fieldControlClasses, "min-h-24 font-mono")}
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

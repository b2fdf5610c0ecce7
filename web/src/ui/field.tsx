import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { fieldErrorClasses, fieldHintClasses, fieldLabelClasses } from "./field-classes";

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control and announced with it; marks the control invalid. */
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
}

/** The attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** Label, hint and error around one control, tied together with ids and aria-describedby. */
export function Field({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={controlId} className={fieldLabelClasses}>
        {label}
      </label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
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

import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Field, type FieldProps } from "./field";
import { fieldControlClasses } from "./field-classes";

export type TextAreaFieldProps = Omit<ComponentProps<"textarea">, "id" | "className"> & FieldProps;

/** A labelled multi-line input, with hint and error tied to it like TextField. */
export function TextAreaField({ label, error, hint, id, className, ...props }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea {...control} className={cn(fieldControlClasses, "min-h-24 font-mono")} {...props} />}
    </Field>
  );
}

import type { ComponentProps } from "react";
import { Field, type FieldProps } from "./field";
import { fieldControlClasses } from "./field-classes";

export type TextFieldProps = Omit<ComponentProps<"input">, "id" | "className"> & FieldProps;

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input {...control} className={fieldControlClasses} {...props} />}
    </Field>
  );
}

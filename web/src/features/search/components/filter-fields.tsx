import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { fieldControlClasses, fieldErrorClasses, fieldLabelClasses } from "@/ui/field-classes";
import { IconButton } from "@/ui/icon-button";
import { SEARCH_CATEGORIES, type SearchForm } from "../lib/search-filters";

/** What every field of the filter popup gets: the form, a way to change part of it, and the form's id prefix. */
export interface FilterFieldProps {
  form: SearchForm;
  set(patch: Partial<SearchForm>): void;
  id: string;
}

/** Category chips: each toggles its category in or out of the search. */
export function CategoryField({ form, set }: FilterFieldProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={cn(fieldLabelClasses, "mb-2")}>Category</legend>
      <div className="flex flex-wrap gap-2">
        {SEARCH_CATEGORIES.map((category) => {
          const on = form.category.includes(category);
          return (
            <button
              key={category}
              type="button"
              aria-pressed={on}
              onClick={() =>
                set({ category: on ? form.category.filter((c) => c !== category) : [...form.category, category] })
              }
              className={cn(
                "min-h-9 rounded-lg border px-3 py-1 text-sm capitalize outline-none focus-visible:outline-2 focus-visible:outline-primary pointer-coarse:min-h-11",
                on
                  ? "border-transparent bg-secondary-container text-on-secondary-container"
                  : "border-outline text-on-surface-variant hover:bg-on-surface/5",
              )}
            >
              {category}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The search text, with a clear button and the reason a regex would be refused. */
export function QueryField({ form, set, id, error }: FilterFieldProps & { error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-query`} className={fieldLabelClasses}>
        Search
      </label>
      <div className="relative">
        <input
          id={`${id}-query`}
          value={form.query}
          placeholder="search query or regex"
          onChange={(e) => set({ query: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-query-error` : undefined}
          className={cn(fieldControlClasses, "pr-12")}
        />
        {form.query && (
          <IconButton
            label="Clear search text"
            className="absolute top-1/2 right-1 size-8 -translate-y-1/2"
            onClick={() => set({ query: "" })}
          >
            <X aria-hidden className="size-4" />
          </IconButton>
        )}
      </div>
      {error && (
        <p id={`${id}-query-error`} role="alert" className={fieldErrorClasses}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A row of radio buttons for one choice of the form (search type, location), and what the choice brings. */
export function ChoiceField<T extends string>(props: {
  legend: string;
  name: string;
  choices: ReadonlyArray<readonly [T, string]>;
  value: T;
  onChange(value: T): void;
  className: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className={cn("flex flex-col", props.className)}>
      <legend className={cn(fieldLabelClasses, "mb-1")}>{props.legend}</legend>
      <div className="flex flex-wrap gap-x-4 text-sm">
        {props.choices.map(([value, label]) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={props.name}
              value={value}
              checked={props.value === value}
              onChange={() => props.onChange(value)}
              className="accent-primary"
            />
            {label}
          </label>
        ))}
      </div>
      {props.children}
    </fieldset>
  );
}

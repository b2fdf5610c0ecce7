import { useNavigate } from "@tanstack/react-router";
import { X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { cn } from "@/lib/cn";
import { toIsoDate } from "@/lib/dates";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { fieldControlClasses, fieldErrorClasses, fieldLabelClasses } from "@/ui/field-classes";
import { IconButton } from "@/ui/icon-button";
import { Spinner } from "@/ui/spinner";
import { TextField } from "@/ui/text-field";
import {
  CUSTOM_DATE,
  DATE_PRESETS,
  DEFAULT_SEARCH_FORM,
  formToSearchParams,
  regexProblem,
  SEARCH_CATEGORIES,
  type SearchCategory,
  type SearchForm,
  type SearchParams,
  searchParamsToForm,
  validateDates,
} from "../lib/search-filters";

/**
 * The filter popup: category chips, text and its type, location, deep search and modified date. Search submits the
 * non-empty filters as the search route's params, so a reload keeps them.
 */
export function SearchFilterForm(props: { initial: SearchParams; currentPath?: string; onDone(): void }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<SearchForm>(() => searchParamsToForm(props.initial));
  const [submitting, setSubmitting] = useState(false);
  const id = useId();
  const today = toIsoDate(new Date());
  const dateError = validateDates(form, new Date());
  // A pattern the server would refuse is caught here, where it can be fixed, rather than as a failed search.
  const regexError = form.searchType === "regex" ? regexProblem(form.query) : undefined;
  const problem = dateError ?? regexError;
  const set = (patch: Partial<SearchForm>) => setForm((f) => ({ ...f, ...patch }));

  const toggleCategory = (category: SearchCategory) =>
    set({
      category: form.category.includes(category)
        ? form.category.filter((c) => c !== category)
        : [...form.category, category],
    });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    setSubmitting(true);
    try {
      await navigate({
        to: "/$view",
        params: { view: "search" },
        search: formToSearchParams(form, { currentPath: props.currentPath }),
      });
      props.onDone();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Search filters">
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
                onClick={() => toggleCategory(category)}
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
            aria-invalid={regexError ? true : undefined}
            aria-describedby={regexError ? `${id}-query-error` : undefined}
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
        {regexError && (
          <p id={`${id}-query-error`} role="alert" className={fieldErrorClasses}>
            {regexError}
          </p>
        )}
      </div>

      <fieldset className="flex flex-col gap-1">
        <legend className={cn(fieldLabelClasses, "mb-1")}>Search type</legend>
        <div className="flex gap-4 text-sm">
          {(["text", "regex"] as const).map((type) => (
            <label key={type} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="radio"
                name={`${id}-type`}
                value={type}
                checked={form.searchType === type}
                onChange={() => set({ searchType: type })}
                className="accent-primary"
              />
              {type === "text" ? "Text" : "Regex"}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className={cn(fieldLabelClasses, "mb-1")}>Location</legend>
        <div className="flex gap-4 text-sm">
          {(["current", "custom"] as const).map((location) => (
            <label key={location} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="radio"
                name={`${id}-location`}
                value={location}
                checked={form.location === location}
                onChange={() => set({ location })}
                className="accent-primary"
              />
              {location === "current" ? "Current folder" : "Custom"}
            </label>
          ))}
        </div>
        {form.location === "custom" && (
          <TextField
            label="Custom Path"
            placeholder="/Documents"
            value={form.path}
            onChange={(e) => set({ path: e.target.value })}
          />
        )}
      </fieldset>

      <Checkbox label="Deep Search" checked={form.deepSearch} onChange={(e) => set({ deepSearch: e.target.checked })} />

      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-date`} className={fieldLabelClasses}>
          Modified Date
        </label>
        <select
          id={`${id}-date`}
          value={form.modifiedDate === undefined ? "" : String(form.modifiedDate)}
          onChange={(e) => set({ modifiedDate: e.target.value === "" ? undefined : Number(e.target.value) })}
          className={cn(fieldControlClasses, "cursor-pointer")}
        >
          <option value="">Any time</option>
          {DATE_PRESETS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
          <option value={CUSTOM_DATE}>Custom</option>
        </select>
        {form.modifiedDate === CUSTOM_DATE && (
          <div className="grid grid-cols-2 gap-2">
            <TextField
              label="From Date"
              type="date"
              max={today}
              value={form.fromDate}
              onChange={(e) => set({ fromDate: e.target.value })}
            />
            <TextField
              label="To Date"
              type="date"
              min={form.fromDate || undefined}
              max={today}
              value={form.toDate}
              onChange={(e) => set({ toDate: e.target.value })}
            />
          </div>
        )}
        {dateError && (
          <p role="alert" className={fieldErrorClasses}>
            {dateError}
          </p>
        )}
      </div>

      <div className="flex justify-end gap-2">
        <Button variant="text" onClick={() => setForm(DEFAULT_SEARCH_FORM)}>
          Reset
        </Button>
        <Button type="submit" disabled={submitting || Boolean(problem)}>
          {submitting && <Spinner label="Searching" className="[&_svg]:size-4 text-on-primary" />}
          Search
        </Button>
      </div>
    </form>
  );
}

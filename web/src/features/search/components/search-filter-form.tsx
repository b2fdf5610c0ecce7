import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/ui/button";
import { Spinner } from "@/ui/spinner";
import { TextField } from "@/ui/text-field";
import {
  DEFAULT_SEARCH_FORM,
  formToSearchParams,
  regexProblem,
  type SearchForm,
  type SearchParams,
  searchParamsToForm,
  validateDates,
} from "../lib/search-filters";
import { FilterDateField } from "./filter-date-field";
import { CategoryField, ChoiceField, QueryField } from "./filter-fields";

const SEARCH_TYPES = [
  ["text", "Text"],
  ["regex", "Regex"],
] as const;
const EVERYWHERE = ["everywhere", "Everywhere"] as const;
const CURRENT = ["current", "Current folder"] as const;
const CUSTOM = ["custom", "Custom"] as const;

/**
 * The filter popup: category chips, text and its type, location and modified date. Location follows the header box's
 * rule: everywhere by default, or a folder with its subfolders; said under the choice. Search submits the
 * non-empty filters as the search route's params, so a reload keeps them.
 */
export function SearchFilterForm(props: { initial: SearchParams; currentPath?: string; onDone(): void }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<SearchForm>(() => searchParamsToForm(props.initial));
  const [submitting, setSubmitting] = useState(false);
  const id = useId();
  const dateError = validateDates(form, new Date());
  // A pattern the server would refuse is caught here, where it can be fixed, rather than as a failed search.
  const regexError = form.searchType === "regex" ? regexProblem(form.query) : undefined;
  const problem = dateError ?? regexError;
  const set = (patch: Partial<SearchForm>) => setForm((f) => ({ ...f, ...patch }));
  const fields = { form, set, id };

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
      <CategoryField {...fields} />
      <QueryField {...fields} error={regexError} />
      <ChoiceField
        legend="Search type"
        name={`${id}-type`}
        choices={SEARCH_TYPES}
        value={form.searchType}
        onChange={(searchType) => set({ searchType })}
        className="gap-1"
      />
      <ChoiceField
        legend="Location"
        name={`${id}-location`}
        choices={
          props.currentPath || form.location === "current" ? [EVERYWHERE, CURRENT, CUSTOM] : [EVERYWHERE, CUSTOM]
        }
        value={form.location}
        onChange={(location) => set({ location })}
        className="gap-2"
      >
        {form.location === "custom" && (
          <TextField
            label="Custom Path"
            placeholder="/Documents"
            value={form.path}
            onChange={(e) => set({ path: e.target.value })}
          />
        )}
        <p id={`${id}-location-rule`} className="text-xs text-on-surface-variant">
          Like the search box, a search looks everywhere in My Drive; a folder is searched with its subfolders.
        </p>
      </ChoiceField>
      <FilterDateField {...fields} error={dateError} />
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

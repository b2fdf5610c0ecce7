import { useNavigate } from "@tanstack/react-router";
import { X } from "lucide-react";
import { activeFilters } from "../lib/active-filters";
import type { SearchParams } from "../lib/search-filters";

/** What the search searched: one chip per filter, each removable; the scope (a folder or the whole drive) always shows. */
export function SearchChips({ params }: { params: SearchParams }) {
  const navigate = useNavigate();
  const chips = activeFilters(params);
  return (
    <ul aria-label="Search filters in use" className="flex shrink-0 flex-wrap gap-2 px-3 py-2">
      {chips.map((chip) => (
        <li
          key={chip.key}
          className="flex h-9 items-center gap-1 rounded-lg border border-outline-variant pl-3 text-sm text-on-surface-variant pointer-coarse:h-11"
        >
          <span className={chip.without ? "" : "pr-3"}>{chip.label}</span>
          {chip.without && (
            <button
              type="button"
              aria-label={`Remove filter: ${chip.label}`}
              title="Remove this filter"
              onClick={() => void navigate({ to: "/$view", params: { view: "search" }, search: chip.without })}
              className="flex size-9 items-center justify-center rounded-lg outline-none hover:bg-on-surface/10 focus-visible:outline-2 focus-visible:outline-primary pointer-coarse:size-11"
            >
              <X aria-hidden className="size-4" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

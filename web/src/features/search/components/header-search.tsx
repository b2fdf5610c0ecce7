import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { Search, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { onDemand } from "@/lib/on-demand";
import { DeferredTrigger } from "@/ui/deferred-trigger";
import { IconButton } from "@/ui/icon-button";
import { normalizeSearchText, type SearchParams } from "../lib/search-filters";

/** Spec 9: the header search waits 1000 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 1000;

// The filter popup and its form are only needed once it opens; keep them out of the first page.
const filtersPopover = onDemand(() => import("./search-filters-popover"));

const filtersButton = (
  <IconButton label="Search filters" className="size-9">
    <SlidersHorizontal aria-hidden className="size-5" />
  </IconButton>
);

/** The header search box with its filter popup; rendered by the header when signed in. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useRouterState({ select: (s) => s.location });
  const onSearchRoute = location.pathname === "/search";
  const urlSearch = (onSearchRoute ? location.search : {}) as SearchParams;
  const [text, setText] = useState(urlSearch.query ?? "");
  const searchBox = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Follow the URL (back/forward, a submitted filter form) unless the user is typing.
  const urlQuery = urlSearch.query ?? "";
  useEffect(() => {
    if (timer.current === undefined) setText(urlQuery);
  }, [urlQuery]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (query: string) => {
    timer.current = undefined;
    void navigate({
      to: "/$view",
      params: { view: "search" },
      search: { ...urlSearch, query },
      // The first search pushes, so Back returns to the folder it started from; refining it replaces.
      replace: onSearchRoute,
    });
  };

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = undefined;
    const query = normalizeSearchText(value);
    if (!query) return;
    void queryClient.cancelQueries({ queryKey: FILES_QUERY_KEY });
    timer.current = setTimeout(() => go(query), SEARCH_DEBOUNCE_MS);
  };

  const currentPath =
    location.pathname === "/my-drive" ? ((location.search as { path?: string }).path ?? "/") : undefined;

  return (
    <search
      ref={searchBox}
      className="flex h-11 w-full max-w-xl items-center gap-1 rounded-full bg-surface-container-high pr-1 pl-3 focus-within:ring-2 focus-within:ring-primary/50 pointer-coarse:h-12"
    >
      <Search aria-hidden className="size-5 shrink-0 text-on-surface-variant" />
      <input
        type="search"
        aria-label="Search files"
        placeholder="Search"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          const query = normalizeSearchText(text);
          if (!query) return;
          clearTimeout(timer.current);
          go(query);
        }}
        className="h-full min-w-0 flex-1 self-stretch bg-transparent text-sm outline-none placeholder:text-on-surface-variant [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <IconButton label="Clear search" className="size-8" onClick={() => onChange("")}>
          <X aria-hidden className="size-4" />
        </IconButton>
      )}
      <DeferredTrigger module={filtersPopover} trigger={filtersButton} popup="dialog">
        {({ SearchFiltersPopover }, openedBy) => (
          <SearchFiltersPopover
            anchor={searchBox}
            trigger={filtersButton}
            defaultOpen={openedBy !== undefined}
            initial={{ ...urlSearch, query: normalizeSearchText(text) || urlSearch.query }}
            currentPath={currentPath}
          />
        )}
      </DeferredTrigger>
    </search>
  );
}

import type { QueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { SearchView } from "@/app/pages/search-view";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { ContinueWatching } from "@/features/continue-watching/components/continue-watching";
import { prefetchFirstPage } from "@/features/files/api/get-files";
import { ListViewPage } from "@/features/files/components/list-view-page";
import { getListQuery } from "@/features/files/hooks/use-list-query";
import { isListView, type ViewParams } from "@/features/files/lib/list-query";
import type { SearchParams } from "@/features/search/lib/search-filters";
import { searchRequest } from "@/features/search/lib/search-list";
import { SharedLinksEntry } from "@/features/shared-links/components/shared-links-entry";
import {
  optionalBooleanParam,
  optionalEnumParam,
  optionalNumberParam,
  optionalTextParam,
  type SearchOutput,
  searchSchema,
} from "@/lib/route-search";

/** Every list view's params in one schema: the URL is the list query (spec 2). */
const viewSearch = searchSchema({
  // search form fields
  query: optionalTextParam(),
  searchType: optionalEnumParam(["text", "regex"]),
  category: optionalTextParam(),
  location: optionalEnumParam(["current", "custom"]),
  path: optionalTextParam(),
  deepSearch: optionalBooleanParam(),
  modifiedDate: optionalNumberParam(),
  fromDate: optionalTextParam(),
  toDate: optionalTextParam(),
  // browse
  parentId: optionalTextParam(),
  // sort override of the view's default
  sort: optionalEnumParam(["name", "updatedAt", "size"]),
  order: optionalEnumParam(["asc", "desc"]),
});

type ViewSearch = SearchOutput<typeof viewSearch>;

/** The list a view shows; undefined for a search that must first look up its folder (SearchView does). */
function viewParamsOf(view: string, search: ViewSearch, queryClient: QueryClient): ViewParams | undefined {
  switch (view) {
    case "browse":
      return { view, parentId: search.parentId, category: search.category };
    case "search": {
      const capabilities = queryClient.getQueryData(capabilitiesQueryOptions().queryKey) ?? TELDRIVE_1_8;
      const { filters, resolvePath } = searchRequest(search satisfies SearchParams, capabilities, new Date());
      return resolvePath === undefined ? { view, filters } : undefined;
    }
    case "recent":
    case "shared":
      return { view };
    default:
      throw new Error("invalid path");
  }
}

export const Route = createFileRoute("/_authed/$view")({
  validateSearch: viewSearch,
  beforeLoad: ({ params }) => {
    if (!isListView(params.view) || params.view === "my-drive") throw new Error("invalid path");
  },
  loaderDeps: ({ search }) => search,
  // Starts the first page without waiting for it, so the page draws at once with skeleton rows.
  loader: ({ context, params, deps }) => {
    const viewParams = viewParamsOf(params.view, deps, context.queryClient);
    if (!viewParams) return;
    const query = getListQuery(viewParams, { sort: deps.sort, order: deps.order });
    prefetchFirstPage(context.queryClient, query);
  },
  component: ViewPage,
});

function ViewPage() {
  const { view } = Route.useParams();
  const search = Route.useSearch();
  const { queryClient } = Route.useRouteContext();
  const sort = { sort: search.sort, order: search.order };
  if (view === "search") return <SearchView params={search} sort={sort} />;
  const params = viewParamsOf(view, search, queryClient);
  const header = view === "shared" ? <SharedLinksEntry /> : view === "recent" ? <ContinueWatching /> : undefined;
  return params && <ListViewPage key={view} params={params} sort={sort} header={header} />;
}

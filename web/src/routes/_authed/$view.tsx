import { createFileRoute } from "@tanstack/react-router";
import { fileListPageQueryOptions } from "@/features/files/api/get-files";
import { ListViewPage } from "@/features/files/components/list-view-page";
import { getListQuery } from "@/features/files/hooks/use-list-query";
import { isListView, type ViewParams } from "@/features/files/lib/list-query";
import { type SearchParams, searchParamsToFilters } from "@/features/search/lib/search-filters";
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

function viewParamsOf(view: string, search: ViewSearch): ViewParams {
  switch (view) {
    case "browse":
      return { view, parentId: search.parentId, category: search.category };
    case "search":
      return { view, filters: searchParamsToFilters(search satisfies SearchParams, new Date()) };
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
  loader: ({ context, params, deps }) =>
    context.queryClient.prefetchQuery(
      fileListPageQueryOptions(
        getListQuery(viewParamsOf(params.view, deps), { sort: deps.sort, order: deps.order }),
        1,
      ),
    ),
  component: ViewPage,
});

function ViewPage() {
  const { view } = Route.useParams();
  const search = Route.useSearch();
  return (
    <ListViewPage key={view} params={viewParamsOf(view, search)} sort={{ sort: search.sort, order: search.order }} />
  );
}

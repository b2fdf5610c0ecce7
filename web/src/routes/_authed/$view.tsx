import { createFileRoute } from "@tanstack/react-router";
import { fileListPageQueryOptions } from "@/features/files/api/get-files";
import { ListViewPage } from "@/features/files/components/list-view-page";
import { getListQuery } from "@/features/files/hooks/use-list-query";
import { isListView, type ViewParams } from "@/features/files/lib/list-query";
import { type SearchParams, searchParamsToFilters } from "@/features/search/lib/search-filters";
import { optionalTextParam, z } from "@/lib/route-search";

const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** Every list view's params in one schema: the URL is the list query (spec 2). */
const searchSchema = z.object({
  // search form fields
  query: optionalTextParam(),
  searchType: optional(z.enum(["text", "regex"])),
  category: optionalTextParam(),
  location: optional(z.enum(["current", "custom"])),
  path: optionalTextParam(),
  deepSearch: optional(z.boolean()),
  modifiedDate: optional(z.number()),
  fromDate: optionalTextParam(),
  toDate: optionalTextParam(),
  // browse
  parentId: optionalTextParam(),
  // sort override of the view's default
  sort: optional(z.enum(["name", "updatedAt", "size"])),
  order: optional(z.enum(["asc", "desc"])),
});

type ViewSearch = z.output<typeof searchSchema>;

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
  validateSearch: searchSchema,
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

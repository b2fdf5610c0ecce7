import { createFileRoute } from "@tanstack/react-router";
import { fileListPageQueryOptions } from "@/features/files/api/get-files";
import { MyDriveView } from "@/features/files/components/my-drive-view";
import { getListQuery } from "@/features/files/hooks/use-list-query";
import { searchSchema, textParam } from "@/lib/route-search";

export const Route = createFileRoute("/_authed/my-drive")({
  validateSearch: searchSchema({ path: textParam("/") }),
  loaderDeps: ({ search }) => ({ path: search.path }),
  // prefetch (not ensure): a failed first page is shown by the list with a Retry, not as a route error.
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(fileListPageQueryOptions(getListQuery({ view: "my-drive", path: deps.path }), 1)),
  component: MyDrivePage,
});

function MyDrivePage() {
  const { path } = Route.useSearch();
  return <MyDriveView path={path} />;
}

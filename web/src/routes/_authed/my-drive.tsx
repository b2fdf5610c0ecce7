import { createFileRoute } from "@tanstack/react-router";
import { prefetchFirstPage } from "@/features/files/api/get-files";
import { MyDriveView } from "@/features/files/components/my-drive-view";
import { getListQuery } from "@/features/files/hooks/use-list-query";
import { optionalTextParam, searchSchema, textParam } from "@/lib/route-search";

export const Route = createFileRoute("/_authed/my-drive")({
  // select: an item to select once shown ("Show in folder" from search results).
  validateSearch: searchSchema({ path: textParam("/"), select: optionalTextParam() }),
  loaderDeps: ({ search }) => ({ path: search.path }),
  // Starts the first page without waiting for it: the page draws at once and the list shows skeleton rows until it
  // arrives (a failed page is shown by the list with a Retry, not as a route error).
  loader: ({ context, deps }) => {
    prefetchFirstPage(context.queryClient, getListQuery({ view: "my-drive", path: deps.path }));
  },
  component: MyDrivePage,
});

function MyDrivePage() {
  const { path, select } = Route.useSearch();
  return <MyDriveView path={path} select={select} />;
}

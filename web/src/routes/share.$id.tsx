import { createFileRoute } from "@tanstack/react-router";
import { SharePage } from "@/app/pages/share-page";
import { optionalTextParam, searchSchema } from "@/lib/route-search";

const shareSearch = searchSchema({ path: optionalTextParam() });

export const Route = createFileRoute("/share/$id")({
  validateSearch: shareSearch,
  component: ShareRoute,
});

function ShareRoute() {
  const { id } = Route.useParams();
  const { path } = Route.useSearch();
  return <SharePage shareId={id} path={path || "/"} />;
}

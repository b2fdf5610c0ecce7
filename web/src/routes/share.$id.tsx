import { createFileRoute } from "@tanstack/react-router";
import { SharePage } from "@/features/share/components/share-page";
import { optionalTextParam, z } from "@/lib/route-search";

const searchSchema = z.object({ path: optionalTextParam() });

export const Route = createFileRoute("/share/$id")({
  validateSearch: searchSchema,
  component: ShareRoute,
});

function ShareRoute() {
  const { id } = Route.useParams();
  const { path } = Route.useSearch();
  return <SharePage shareId={id} path={path || "/"} />;
}

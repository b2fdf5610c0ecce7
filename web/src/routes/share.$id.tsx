import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SharePage } from "@/features/share/components/share-page";

const searchSchema = z.object({ path: z.string().optional().catch(undefined) });

export const Route = createFileRoute("/share/$id")({
  validateSearch: searchSchema,
  component: ShareRoute,
});

function ShareRoute() {
  const { id } = Route.useParams();
  const { path } = Route.useSearch();
  return <SharePage shareId={id} path={path || "/"} />;
}

import { createFileRoute } from "@tanstack/react-router";
import { StarredPage } from "@/features/starred/components/starred-page";

export const Route = createFileRoute("/_authed/starred")({
  component: StarredPage,
});

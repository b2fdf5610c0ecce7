import { createFileRoute } from "@tanstack/react-router";
import { TrashPage } from "@/features/trash/components/trash-page";

export const Route = createFileRoute("/_authed/trash")({
  component: TrashPage,
});

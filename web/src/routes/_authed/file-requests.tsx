import { createFileRoute } from "@tanstack/react-router";
import { FileRequestsPage } from "@/features/file-requests/components/file-requests-page";

export const Route = createFileRoute("/_authed/file-requests")({
  component: FileRequestsPage,
});

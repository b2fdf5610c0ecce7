import { createFileRoute } from "@tanstack/react-router";
import { SharedLinksPage } from "@/features/shared-links/components/shared-links-page";

export const Route = createFileRoute("/_authed/shared/links")({
  component: SharedLinksPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { ConnectPage } from "@/features/connect/components/connect-page";

export const Route = createFileRoute("/_authed/connect")({
  component: ConnectPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { PhotosPage } from "@/features/photos/components/photos-page";

export const Route = createFileRoute("/_authed/photos")({
  component: PhotosPage,
});

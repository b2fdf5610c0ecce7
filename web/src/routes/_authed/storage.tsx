import { createFileRoute } from "@tanstack/react-router";
import { categoriesQueryOptions } from "@/features/storage/api/get-categories";
import { uploadStatsQueryOptions } from "@/features/storage/api/get-upload-stats";
import { StoragePage } from "@/features/storage/components/storage-page";

export const Route = createFileRoute("/_authed/storage")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(uploadStatsQueryOptions()),
      context.queryClient.prefetchQuery(categoriesQueryOptions()),
    ]),
  component: StoragePage,
});

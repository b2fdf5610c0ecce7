import { createFileRoute } from "@tanstack/react-router";
import { RequestUploadPage } from "@/features/file-requests/components/request-upload-page";

export const Route = createFileRoute("/request/$id")({
  component: RequestRoute,
});

function RequestRoute() {
  const { id } = Route.useParams();
  return <RequestUploadPage requestId={id} />;
}

import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { describeError } from "@/drive/errors/error-message";
import { usePageTitle } from "@/lib/document-title";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { fileRequestsQueryOptions } from "../api/file-requests";
import { FileRequestRow } from "./file-request-row";

/** "File requests": the user's upload links, with what arrived through each, to copy or revoke. */
export function FileRequestsPage() {
  usePageTitle("File requests");
  const capabilities = useQuery(capabilitiesQueryOptions());
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-medium">File requests</h1>
      {capabilities.isPending ? (
        <Skeleton className="h-32" />
      ) : capabilities.data?.fileRequests ? (
        <RequestList />
      ) : (
        <p className="py-6 text-on-surface-variant">This server does not offer file requests.</p>
      )}
    </div>
  );
}

function RequestList() {
  const requests = useQuery(fileRequestsQueryOptions());
  if (requests.isPending) return <Skeleton className="h-32" />;
  if (requests.isError)
    return (
      <div role="alert" className="flex items-center gap-3 rounded-xl bg-error-container p-4 text-on-error-container">
        <p className="flex-1">Could not load your file requests: {describeError(requests.error)}</p>
        <Button variant="text" onClick={() => void requests.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (requests.data.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-3xl bg-surface-container-low p-8 text-center">
        <Inbox aria-hidden className="size-10 text-on-surface-variant" />
        <p className="max-w-md text-sm text-on-surface-variant">
          No file requests yet. Choose "Request files…" in a folder's menu to make a link through which anyone can
          upload into that folder.
        </p>
      </div>
    );
  return (
    <ul aria-label="Your file requests" className="flex flex-col gap-2">
      {requests.data.map((request) => (
        <FileRequestRow key={request.id} request={request} />
      ))}
    </ul>
  );
}

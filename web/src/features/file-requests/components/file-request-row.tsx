import type { FileRequest } from "@drive/contract";
import { Copy, Lock } from "lucide-react";
import { useState } from "react";
import { errorText } from "@/drive/errors/error-message";
import { formatDay } from "@/lib/dates";
import { formatSize } from "@/lib/format-size";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { useRevokeFileRequest } from "../api/file-requests";
import { requestLink } from "../lib/request-form";

/** One request: its title and folder, what arrived, its limits; copy its link or revoke it. */
export function FileRequestRow({ request }: { request: FileRequest }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeFileRequest();
  const link = requestLink(location.origin, request.id);
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success("Link copied"),
      () => toast.error("Could not copy the link to the clipboard"),
    );
  const onRevoke = () =>
    revoke.mutate(request.id, {
      onSuccess: () => {
        toast.success("File request revoked");
        setConfirming(false);
      },
      onError: (error) => toast.error(`Could not revoke the request: ${errorText(error)}`),
    });
  const arrived = request.uploads === 1 ? "1 file" : `${request.uploads} files`;
  const limits = [
    request.maxFiles !== undefined && `at most ${request.maxFiles} files`,
    request.maxFileSize !== undefined && `up to ${formatSize(request.maxFileSize)} each`,
    request.expiresAt && (request.expired ? "expired" : `until ${formatDay(request.expiresAt)}`),
  ].filter(Boolean);
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-xl bg-surface-container-low p-3"
      aria-label={request.title}
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-1 truncate font-medium">
          {request.protected && <Lock aria-label="Password protected" className="size-4" />}
          {request.title}
        </span>
        <span className="truncate text-sm text-on-surface-variant">
          Into {request.folder.path === "/" ? "My Drive" : request.folder.path} · {arrived} received
          {request.uploads > 0 && ` (${formatSize(request.bytes)})`}
          {limits.length > 0 && ` · ${limits.join(", ")}`}
        </span>
      </div>
      <Button variant="text" onClick={copy}>
        <Copy aria-hidden className="size-4" />
        Copy link
      </Button>
      <Button variant="text" className="text-error" onClick={() => setConfirming(true)}>
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke "${request.title}"?`}
        message="The link stops working at once. Files that already arrived stay in the folder."
        confirmLabel="Revoke"
        cancelLabel="Cancel"
        pending={revoke.isPending}
        onConfirm={onRevoke}
      />
    </li>
  );
}

import { Copy, File, Folder, Link2Off, Lock, LockOpen, Pencil } from "lucide-react";
import { useId, useState } from "react";
import { parentPath, placeName } from "@/drive/files/folder-path";
import { shareLink } from "@/drive/shares/share-link";
import { cn } from "@/lib/cn";
import { formatDate, formatDay } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { IconButton } from "@/ui/icon-button";
import type { MyShare } from "../api/get-my-shares";
import { EditShareDialog } from "./edit-share-dialog";
import { RevokeShareDialog } from "./revoke-share-dialog";

/** One link: what it points to and where that is, password, expiry (marked when passed), creation; its commands. */
export function ShareRow({ share, canClear }: { share: MyShare; canClear: boolean }) {
  const nameId = useId();
  const [dialog, setDialog] = useState<"edit" | "revoke">();
  const Icon = share.file.type === "folder" ? Folder : File;
  const folder = parentPath(share.file.path);
  const copy = () =>
    navigator.clipboard.writeText(shareLink(location.origin, share.id)).then(
      () => toast.success("Link copied"),
      () => toast.error("Could not copy the link to the clipboard"),
    );

  return (
    <li
      aria-labelledby={nameId}
      data-testid="shared-link"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-surface-container-low p-3"
    >
      <Icon aria-hidden className="size-6 shrink-0 text-on-surface-variant" />
      <div className="min-w-0 flex-1">
        <p id={nameId} className="truncate font-medium">
          {share.file.name}
        </p>
        <p className="truncate text-sm text-on-surface-variant">In {placeName(folder)}</p>
        <p className="flex flex-wrap gap-x-3 text-sm text-on-surface-variant">
          <span className="inline-flex items-center gap-1">
            {share.protected ? <Lock aria-hidden className="size-4" /> : <LockOpen aria-hidden className="size-4" />}
            {share.protected ? "Password" : "No password"}
          </span>
          <span className={cn(share.expired && "font-medium text-error")}>
            {share.expiresAt
              ? `${share.expired ? "Expired" : "Expires"} ${formatDay(share.expiresAt)}`
              : "Never expires"}
          </span>
          <span>Created {formatDate(new Date(share.createdAt))}</span>
        </p>
      </div>
      <div className="flex items-center">
        <IconButton label="Copy link" onClick={copy}>
          <Copy aria-hidden className="size-5" />
        </IconButton>
        <IconButton label="Edit" aria-haspopup="dialog" onClick={() => setDialog("edit")}>
          <Pencil aria-hidden className="size-5" />
        </IconButton>
        <IconButton label="Revoke" aria-haspopup="dialog" className="text-error" onClick={() => setDialog("revoke")}>
          <Link2Off aria-hidden className="size-5" />
        </IconButton>
      </div>
      {dialog === "edit" && <EditShareDialog share={share} canClear={canClear} onClose={() => setDialog(undefined)} />}
      {dialog === "revoke" && <RevokeShareDialog share={share} onClose={() => setDialog(undefined)} />}
    </li>
  );
}

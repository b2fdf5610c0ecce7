import { Copy, Lock } from "lucide-react";
import { useState } from "react";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { type FileLink, useDeleteFileLink } from "@/drive/shares/file-shares";
import { shareLink } from "@/drive/shares/share-link";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";
import { LinkForm } from "./link-form";

/** One link of a file: its address to copy, its protection and expiry, Change and Remove. */
export function LinkRow({ item, link, number }: { item: FileItem; link: FileLink; number: number }) {
  const remove = useDeleteFileLink();
  const [editing, setEditing] = useState(false);
  const address = shareLink(location.origin, link.id);
  const copy = () =>
    navigator.clipboard.writeText(address).then(
      () => toast.success("Link copied"),
      () => toast.error("Could not copy the link to the clipboard"),
    );
  const onRemove = () =>
    remove.mutate(
      { fileId: item.id, shareId: link.id },
      {
        onSuccess: () => toast.success("Link removed"),
        onError: (error) => toast.error(actionErrorMessage(error, item.name)),
      },
    );

  return (
    <li className="flex flex-col gap-2 rounded-xl bg-surface-container-high p-3">
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={`Link ${number}`}
          readOnly
          value={address}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="tonal" onClick={copy} aria-label={`Copy link ${number}`}>
          <Copy aria-hidden className="size-4" />
          Copy
        </Button>
      </div>
      <p className="flex items-center gap-2 text-sm text-on-surface-variant">
        {link.protected && <Lock aria-hidden className="size-4" />}
        {link.protected ? "Protected by a password" : "No password"}
        {link.expiresAt ? ` · expires ${new Date(link.expiresAt).toLocaleDateString()}` : " · never expires"}
      </p>
      {editing ? (
        <LinkForm item={item} link={link} submitLabel="Save" onDone={() => setEditing(false)} />
      ) : (
        <div className="flex justify-end gap-2">
          <Button variant="text" onClick={() => setEditing(true)} aria-label={`Change link ${number}`}>
            Change
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={onRemove} aria-label={`Remove link ${number}`}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

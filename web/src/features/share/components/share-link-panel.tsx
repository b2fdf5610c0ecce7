import { Copy, Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { useDeleteFileShare } from "@/drive/shares/delete-file-share";
import { useUpdateFileShare } from "@/drive/shares/update-file-share";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { DialogClose } from "@/ui/dialog";
import { TextField } from "@/ui/text-field";

/** The share dialog once the item has a link: the link to copy, its protection, a new password, removal. */
export function ShareLinkPanel(props: {
  item: FileItem;
  share: { id: string; protected?: boolean; expiresAt?: string | null };
  link: string;
  onRemoved(): Promise<unknown>;
}) {
  const { item, share, link } = props;
  const update = useUpdateFileShare();
  const remove = useDeleteFileShare();
  const [newPassword, setNewPassword] = useState("");
  const fail = (error: unknown) => toast.error(actionErrorMessage(error, item.name));

  const onChangePassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword) return;
    try {
      await update.mutateAsync({ fileId: item.id, password: newPassword });
      setNewPassword("");
      toast.success("Password changed");
    } catch (error) {
      fail(error);
    }
  };
  const onRemove = async () => {
    try {
      await remove.mutateAsync(item.id);
      await props.onRemoved();
      toast.success("Share removed");
    } catch (error) {
      fail(error);
    }
  };
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success("Link copied"),
      () => toast.error("Could not copy the link to the clipboard"),
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-end gap-2">
        <TextField className="flex-1" label="Link" readOnly value={link} onFocus={(e) => e.target.select()} />
        <Button variant="tonal" onClick={copy}>
          <Copy aria-hidden className="size-4" />
          Copy
        </Button>
      </div>
      <p className="flex items-center gap-2 text-sm text-on-surface-variant">
        {share.protected && <Lock aria-hidden className="size-4" />}
        {share.protected ? "Protected by a password" : "No password"}
        {share.expiresAt && ` · expires ${new Date(share.expiresAt).toLocaleDateString()}`}
      </p>
      <form onSubmit={onChangePassword} className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={share.protected ? "New password" : "Set a password"}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <Button type="submit" variant="tonal" disabled={!newPassword || update.isPending}>
          Save
        </Button>
      </form>
      <div className="flex justify-between gap-2">
        <Button variant="danger" disabled={remove.isPending} onClick={onRemove}>
          Remove share
        </Button>
        <DialogClose asChild>
          <Button variant="text">Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { Copy, Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { useCreateFileShare } from "@/drive/shares/create-file-share";
import { useDeleteFileShare } from "@/drive/shares/delete-file-share";
import { fileShareQueryOptions } from "@/drive/shares/get-file-share";
import { shareLink } from "@/drive/shares/share-link";
import { useUpdateFileShare } from "@/drive/shares/update-file-share";
import { endOfDay } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { Dialog, DialogClose } from "@/ui/dialog";
import { Spinner } from "@/ui/spinner";
import { TextField } from "@/ui/text-field";

const today = () => new Date().toISOString().slice(0, 10);

/** Creates, shows, re-protects and removes the public link of a file or folder. */
export function ShareDialog({ item, onClose }: { item: FileItem; onClose: () => void }) {
  const share = useQuery(fileShareQueryOptions(item.id));
  const create = useCreateFileShare();
  const update = useUpdateFileShare();
  const remove = useDeleteFileShare();
  const [password, setPassword] = useState("");
  const [expiry, setExpiry] = useState("");
  const [newPassword, setNewPassword] = useState("");

  const fail = (error: unknown) => toast.error(actionErrorMessage(error, item.name));

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await create.mutateAsync({ fileId: item.id, password, expiresAt: endOfDay(expiry) });
      await share.refetch();
      toast.success("Link created");
    } catch (error) {
      fail(error);
    }
  };
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
      await share.refetch();
      toast.success("Share removed");
    } catch (error) {
      fail(error);
    }
  };

  const link = share.data ? shareLink(location.origin, share.data.id) : "";
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success("Link copied"),
      () => toast.error("Could not copy the link to the clipboard"),
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Share "${item.name}"`}>
      {share.isPending && <Spinner label="Loading share" />}
      {share.isError && (
        <p role="alert" className="text-sm text-error">
          {actionErrorMessage(share.error, item.name)}
        </p>
      )}
      {share.data === null && (
        <form onSubmit={onCreate} className="flex flex-col gap-4">
          <p className="text-sm text-on-surface-variant">Anyone with the link can see and download this item.</p>
          <TextField
            label="Password (optional)"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="Expires on (optional)"
            type="date"
            min={today()}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="text">Close</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              Create link
            </Button>
          </div>
        </form>
      )}
      {share.data && (
        <div className="flex flex-col gap-4">
          <div className="flex items-end gap-2">
            <TextField className="flex-1" label="Link" readOnly value={link} onFocus={(e) => e.target.select()} />
            <Button variant="tonal" onClick={copy}>
              <Copy aria-hidden className="size-4" />
              Copy
            </Button>
          </div>
          <p className="flex items-center gap-2 text-sm text-on-surface-variant">
            {share.data.protected && <Lock aria-hidden className="size-4" />}
            {share.data.protected ? "Protected by a password" : "No password"}
            {share.data.expiresAt && ` · expires ${new Date(share.data.expiresAt).toLocaleDateString()}`}
          </p>
          <form onSubmit={onChangePassword} className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label={share.data.protected ? "New password" : "Set a password"}
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
      )}
    </Dialog>
  );
}

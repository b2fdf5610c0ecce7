import { type FormEvent, useState } from "react";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { useCreateFileShare } from "@/drive/shares/create-file-share";
import { endOfDay, toIsoDate } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { DialogClose } from "@/ui/dialog";
import { TextField } from "@/ui/text-field";

/** The share dialog while the item has no link: an optional password and expiry, then "Create link". */
export function ShareCreateForm({ item, onCreated }: { item: FileItem; onCreated(): Promise<unknown> }) {
  const create = useCreateFileShare();
  const [password, setPassword] = useState("");
  const [expiry, setExpiry] = useState("");

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await create.mutateAsync({ fileId: item.id, password, expiresAt: endOfDay(expiry) });
      await onCreated();
      toast.success("Link created");
    } catch (error) {
      toast.error(actionErrorMessage(error, item.name));
    }
  };

  return (
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
        min={toIsoDate(new Date())}
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
  );
}

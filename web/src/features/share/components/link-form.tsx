import { type FormEvent, useState } from "react";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { useSaveFileLink } from "@/drive/shares/file-shares";
import { endOfDay, toIsoDate } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";

/**
 * A password and an expiry for a link: a new one (no `shareId`), or new values for an existing one (what is left
 * empty stays as it is).
 */
export function LinkForm(props: { item: FileItem; shareId?: string; submitLabel: string; onDone?(): void }) {
  const save = useSaveFileLink();
  const [password, setPassword] = useState("");
  const [expiry, setExpiry] = useState("");
  const editing = props.shareId !== undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({
        fileId: props.item.id,
        shareId: props.shareId,
        password: password || undefined,
        expiresAt: endOfDay(expiry),
      });
      setPassword("");
      setExpiry("");
      toast.success(editing ? "Link changed" : "Link created");
      props.onDone?.();
    } catch (error) {
      toast.error(actionErrorMessage(error, props.item.name));
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" aria-label={editing ? "Change link" : "New link"}>
      <TextField
        label={editing ? "New password (optional)" : "Password (optional)"}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label={editing ? "New expiry (optional)" : "Expires on (optional)"}
        type="date"
        min={toIsoDate(new Date())}
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        {props.onDone && (
          <Button variant="text" onClick={props.onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={save.isPending || (editing && !password && !expiry)}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

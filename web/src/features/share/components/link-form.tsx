import { type FormEvent, useState } from "react";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { type FileLink, useSaveFileLink } from "@/drive/shares/file-shares";
import { endOfDay, toIsoDate } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { TextField } from "@/ui/text-field";

/**
 * A password and an expiry for a link: a new one (no `link`), or new values for an existing one (what is left empty
 * stays as it is). Taking a password or an expiry off makes a new link in its place (file-shares.ts): the form says
 * so, and asks for the password again when only the expiry goes.
 */
export function LinkForm(props: { item: FileItem; link?: FileLink; submitLabel: string; onDone?(): void }) {
  const save = useSaveFileLink();
  const [password, setPassword] = useState("");
  const [expiry, setExpiry] = useState("");
  const [dropPassword, setDropPassword] = useState(false);
  const [dropExpiry, setDropExpiry] = useState(false);
  const link = props.link;
  const editing = link !== undefined;
  const replace = dropPassword || dropExpiry;
  // A kept password cannot be copied to the new link (the server keeps only its hash): it is typed again.
  const needsPassword = replace && !dropPassword && Boolean(link?.protected) && !password;
  const changed = Boolean(password || expiry) || replace;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword) return;
    try {
      await save.mutateAsync({
        fileId: props.item.id,
        shareId: link?.id,
        password: dropPassword ? undefined : password || undefined,
        expiresAt: dropExpiry ? undefined : (endOfDay(expiry) ?? (replace ? link?.expiresAt : undefined)),
        replace,
      });
      setPassword("");
      setExpiry("");
      toast.success(replace ? "Link changed: it has a new address" : editing ? "Link changed" : "Link created");
      props.onDone?.();
    } catch (error) {
      toast.error(actionErrorMessage(error, props.item.name));
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" aria-label={editing ? "Change link" : "New link"}>
      {!dropPassword && (
        <TextField
          label={
            needsPassword || (replace && link?.protected)
              ? "Password"
              : editing
                ? "New password (optional)"
                : "Password (optional)"
          }
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      {!dropExpiry && (
        <TextField
          label={editing ? "New expiry (optional)" : "Expires on (optional)"}
          type="date"
          min={toIsoDate(new Date())}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
        />
      )}
      {link?.protected && (
        <Checkbox
          label="Remove the password"
          checked={dropPassword}
          onChange={(e) => setDropPassword(e.target.checked)}
        />
      )}
      {link?.expiresAt && (
        <Checkbox label="Remove the expiry" checked={dropExpiry} onChange={(e) => setDropExpiry(e.target.checked)} />
      )}
      {replace && (
        <p className="text-sm text-on-surface-variant" role="note">
          This makes a new link in its place: the old address stops working.
          {needsPassword && " Type the password again to keep it."}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {props.onDone && (
          <Button variant="text" onClick={props.onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={save.isPending || (editing && !changed) || needsPassword}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

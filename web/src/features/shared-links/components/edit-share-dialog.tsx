import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { errorText } from "@/drive/errors/error-message";
import { useUpdateFileShare } from "@/drive/shares/update-file-share";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Dialog, DialogClose } from "@/ui/dialog";
import { TextField } from "@/ui/text-field";
import type { MyShare } from "../api/get-my-shares";
import {
  dateInputOf,
  type ShareEditContext,
  type ShareEditValues,
  shareEditSchema,
  sharePatch,
} from "../lib/share-edit";

/** Changes or removes a link's password and expiry; sends only what changed. */
export function EditShareDialog({ share, canClear, onClose }: { share: MyShare; canClear: boolean; onClose(): void }) {
  const ctx = useMemo<ShareEditContext>(
    () => ({ today: dateInputOf(new Date().toISOString()), currentExpiry: dateInputOf(share.expiresAt), canClear }),
    [share.expiresAt, canClear],
  );
  const form = useForm<ShareEditValues>({
    resolver: zodResolver(shareEditSchema(ctx)),
    defaultValues: { password: "", removePassword: false, expiry: ctx.currentExpiry },
  });
  const update = useUpdateFileShare();
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;
  const removing = form.watch("removePassword");

  const save = form.handleSubmit(async (values) => {
    const patch = sharePatch(share.file.id, values, ctx);
    if (!patch) return onClose();
    setFailure(undefined);
    try {
      await update.mutateAsync(patch);
      toast.success("Link updated");
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit the link to "${share.file.name}"`}>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <TextField
          label={share.protected ? "New password" : "Password"}
          type="password"
          autoComplete="new-password"
          hint={share.protected ? "Leave empty to keep the current password." : "Leave empty for no password."}
          disabled={removing}
          error={errors.password?.message}
          {...form.register("password")}
        />
        {share.protected && canClear && <Checkbox label="Remove the password" {...form.register("removePassword")} />}
        <TextField
          label="Expires on"
          type="date"
          hint={
            canClear
              ? "The link works to the end of this day. Leave empty for a link that never expires."
              : "The link works to the end of this day."
          }
          error={errors.expiry?.message}
          {...form.register("expiry")}
        />
        {failure && (
          <p role="alert" className="text-sm text-error">
            Could not save: {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="text">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

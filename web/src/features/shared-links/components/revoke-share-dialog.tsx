import { errorText } from "@/drive/errors/error-message";
import { useDeleteFileShare } from "@/drive/shares/delete-file-share";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import type { MyShare } from "../api/get-my-shares";

/** Asks, then removes the link: anyone who has it is refused from then on. */
export function RevokeShareDialog({ share, onClose }: { share: MyShare; onClose(): void }) {
  const remove = useDeleteFileShare();
  const revoke = () =>
    remove.mutate(share.file.id, {
      onSuccess: () => {
        toast.success("Link revoked");
        onClose();
      },
      onError: (error) => toast.error(`Could not revoke the link: ${errorText(error)}`),
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Revoke the link to "${share.file.name}"?`}
      message="Anyone who has the link will no longer be able to open it. Sharing the item again makes a new link."
      confirmLabel="Revoke"
      cancelLabel="Cancel"
      pending={remove.isPending}
      onConfirm={revoke}
    />
  );
}

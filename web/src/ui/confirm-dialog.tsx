import { Button } from "./button";
import { Dialog, DialogClose } from "./dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Disables the confirm button while the confirmed work runs. */
  pending?: boolean;
  onConfirm: () => void;
}

/** A yes/no question in a dialog. The caller closes it (onOpenChange) once the work succeeds. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = "Yes",
  cancelLabel = "No",
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message}>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="text">{cancelLabel}</Button>
        </DialogClose>
        <Button variant="filled" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

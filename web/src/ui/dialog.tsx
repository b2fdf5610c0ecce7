import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { cn } from "@/lib/cn";

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  /** Read by screen readers when the dialog opens. */
  description?: ReactNode;
  /** An element that opens the dialog (rendered as the trigger itself). */
  trigger?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * A modal dialog. Radix traps focus inside while open, closes on Escape and returns focus to
 * the element that opened it.
 */
export function Dialog({ open, onOpenChange, title, description, trigger, children, className }: DialogProps) {
  // Radix returns focus to its Trigger; a dialog opened from elsewhere (a toolbar or row button) returns it to
  // the element focused when it opened. Read while rendering: by the time Radix's open event fires, a field
  // with autoFocus inside may already hold focus.
  const openerRef = useRef<HTMLElement | null>(null);
  const wasOpenRef = useRef(false);
  if (open && !wasOpenRef.current) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpenRef.current = Boolean(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          // Without a description Radix expects an explicit opt-out, else it warns.
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            if (trigger) return;
            event.preventDefault();
            if (openerRef.current?.isConnected) openerRef.current.focus();
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2",
            "flex-col gap-4 overflow-auto rounded-3xl bg-surface-container-high p-6 text-on-surface shadow-xl outline-none",
            className,
          )}
        >
          <RadixDialog.Title className="text-xl font-medium">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="text-sm text-on-surface-variant">{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a button with this to make it close the surrounding dialog. */
export const DialogClose = RadixDialog.Close;

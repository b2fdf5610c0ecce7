import { type FormEvent, useState } from "react";
import { Button } from "@/ui/button";
import { Dialog, DialogClose } from "@/ui/dialog";
import { TextField } from "@/ui/text-field";
import { nameError } from "../lib/validate-name";

export interface NameDialogProps {
  title: string;
  label: string;
  initialName: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves when the name is accepted; the dialog stays open on failure so the user can fix it. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a file or folder name, validated before it is sent. */
export function NameDialog({ title, label, initialName, submitLabel, pending, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const error = touched ? nameError(name) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError(name)) return;
    try {
      await onSubmit(name.trim());
      onClose();
    } catch {
      // The mutation's toast already says why; keep the dialog open.
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label={label}
          value={name}
          autoFocus
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setTouched(true);
          }}
          onFocus={(e) => {
            // Select the name without its extension, as file managers do.
            const dot = e.target.value.lastIndexOf(".");
            e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
          }}
        />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="text">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={pending || Boolean(error)}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

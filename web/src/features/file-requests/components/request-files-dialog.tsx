import type { FileRequest } from "@drive/contract";
import { type FormEvent, useState } from "react";
import { actionErrorMessage } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { toIsoDate } from "@/lib/dates";
import { Button } from "@/ui/button";
import { Dialog, DialogClose } from "@/ui/dialog";
import { TextField } from "@/ui/text-field";
import { useCreateFileRequest } from "../api/file-requests";
import { EMPTY_FORM, type RequestForm, requestBody, requestLink } from "../lib/request-form";
import { CopyLinkField } from "./copy-link-field";

/** "Request files…" of a folder: the request's options, then its link to copy. */
export function RequestFilesDialog({ item, onClose }: { item: FileItem; onClose(): void }) {
  const create = useCreateFileRequest();
  const [form, setForm] = useState<RequestForm>(EMPTY_FORM);
  const [invalid, setInvalid] = useState<{ field: keyof RequestForm; error: string }>();
  const [made, setMade] = useState<FileRequest>();
  const [failure, setFailure] = useState<string>();
  const field = (name: keyof RequestForm) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: invalid?.field === name ? invalid.error : undefined,
  });

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const result = requestBody(item.id, form);
    if ("field" in result) return setInvalid(result);
    setInvalid(undefined);
    try {
      setMade(await create.mutateAsync(result.body));
    } catch (error) {
      setFailure(actionErrorMessage(error, item.name));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Request files into "${item.name}"`}>
      {made ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-on-surface-variant">
            Anyone with this link can upload files into "{item.name}". They cannot see what is in it.
          </p>
          <CopyLinkField link={requestLink(location.origin, made.id)} />
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </div>
        </div>
      ) : (
        <form onSubmit={onCreate} className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-on-surface-variant">
            People with the link upload into this folder without an account. They cannot see what others sent.
          </p>
          <TextField label="Title (optional)" placeholder={item.name} maxLength={200} {...field("title")} />
          <TextField label="Password (optional)" type="password" autoComplete="new-password" {...field("password")} />
          <TextField label="Expires on (optional)" type="date" min={toIsoDate(new Date())} {...field("expiry")} />
          <div className="flex gap-2">
            <TextField
              className="flex-1"
              label="Largest file, MB (optional)"
              inputMode="decimal"
              {...field("maxSizeMb")}
            />
            <TextField className="flex-1" label="Most files (optional)" inputMode="numeric" {...field("maxFiles")} />
          </div>
          {failure && (
            <p role="alert" className="text-sm text-error">
              {failure}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="text">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              Create link
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

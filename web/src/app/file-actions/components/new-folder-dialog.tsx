import type { FileActionContext } from "@/drive/commands/file-commands";
import { useCreateFolder } from "../api/create-folder";
import { NameDialog } from "./name-dialog";

export function NewFolderDialog({ ctx, onClose }: { ctx: FileActionContext; onClose: () => void }) {
  const create = useCreateFolder();
  return (
    <NameDialog
      title="New folder"
      label="Folder name"
      initialName="Untitled folder"
      submitLabel="Create"
      pending={create.isPending}
      onClose={onClose}
      onSubmit={(name) =>
        create.mutateAsync(ctx.folderId ? { name, parentId: ctx.folderId } : { name, path: ctx.folderPath ?? "/" })
      }
    />
  );
}

import type { FileItem } from "@/drive/files/file-item";
import { useRenameFile } from "../api/rename-file";
import { NameDialog } from "./name-dialog";

export function RenameDialog({ item, onClose }: { item: FileItem; onClose: () => void }) {
  const rename = useRenameFile();
  return (
    <NameDialog
      title={`Rename ${item.isDir ? "folder" : "file"}`}
      label="New name"
      initialName={item.name}
      submitLabel="Rename"
      pending={rename.isPending}
      onClose={onClose}
      onSubmit={(name) =>
        name === item.name ? Promise.resolve() : rename.mutateAsync({ id: item.id, name, oldName: item.name })
      }
    />
  );
}

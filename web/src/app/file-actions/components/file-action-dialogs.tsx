import { RequestFilesDialog } from "@/features/file-requests/components/request-files-dialog";
import { ShareDialog } from "@/features/share/components/share-dialog";
import { closeDialog, useFileActionsStore } from "../file-actions-store";
import { DeleteDialog } from "./delete-dialog";
import { DirectMove } from "./direct-move";
import { DrivePreview } from "./drive-preview";
import { FolderPickerDialog } from "./folder-picker-dialog";
import { NewFolderDialog } from "./new-folder-dialog";
import { RenameDialog } from "./rename-dialog";

/** Hosts every file-action dialog and the preview modal; mounted once in the authenticated layout. */
export function FileActionDialogs() {
  const dialog = useFileActionsStore((s) => s.dialog);
  return (
    <>
      <DirectMove />
      {dialog?.kind === "new-folder" && <NewFolderDialog ctx={dialog.ctx} onClose={closeDialog} />}
      {dialog?.kind === "rename" && <RenameDialog key={dialog.item.id} item={dialog.item} onClose={closeDialog} />}
      {(dialog?.kind === "move" || dialog?.kind === "copy") && (
        <FolderPickerDialog
          mode={dialog.kind}
          items={dialog.items}
          startPath={dialog.startPath}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === "delete" && <DeleteDialog items={dialog.items} onClose={closeDialog} />}
      {dialog?.kind === "share" && <ShareDialog item={dialog.item} onClose={closeDialog} />}
      {dialog?.kind === "request-files" && <RequestFilesDialog item={dialog.item} onClose={closeDialog} />}
      {dialog?.kind === "preview" && (
        <DrivePreview key={dialog.item.id} item={dialog.item} ctx={dialog.ctx} onClose={closeDialog} />
      )}
    </>
  );
}

import { api } from "@/drive/api/api-client";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface RenameVars {
  id: string;
  name: string;
  oldName: string;
}

export const renameFile = ({ id, name }: RenameVars) => api.patch("/files/{id}", { path: { id }, body: { name } });

export const useRenameFile = () =>
  useFileMutation(renameFile, {
    pending: (v) => `Renaming "${v.oldName}"…`,
    success: (v) => `Renamed to "${v.name}"`,
    subject: (v) => v.name,
  });

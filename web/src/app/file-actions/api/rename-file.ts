import { apiRequest } from "@/lib/api-client";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface RenameVars {
  id: string;
  name: string;
  oldName: string;
}

export const renameFile = ({ id, name }: RenameVars) =>
  apiRequest(`/files/${encodeURIComponent(id)}`, { method: "PATCH", body: { name } });

export const useRenameFile = () =>
  useFileMutation(renameFile, {
    pending: (v) => `Renaming "${v.oldName}"…`,
    success: (v) => `Renamed to "${v.name}"`,
    subject: (v) => v.name,
  });

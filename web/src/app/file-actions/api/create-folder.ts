import { api } from "@/drive/api/api-client";
import { useFileMutation } from "../hooks/use-file-mutation";

export interface CreateFolderVars {
  name: string;
  /** Parent folder path ("/Docs"); used when `parentId` is unknown. */
  path?: string;
  parentId?: string;
}

export const createFolder = ({ name, path, parentId }: CreateFolderVars) =>
  api.post("/files", {
    body: parentId ? { name, type: "folder", parentId } : { name, type: "folder", path: path ?? "/" },
  });

export const useCreateFolder = () =>
  useFileMutation(createFolder, {
    pending: (v) => `Creating "${v.name}"…`,
    success: (v) => `Folder "${v.name}" created`,
    subject: (v) => v.name,
  });

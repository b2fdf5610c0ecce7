import { createContext, useContext } from "react";
import type { FileCommands } from "./file-commands";

/** The app's file commands; the signed-in layout provides them. */
export const FileCommandsContext = createContext<FileCommands | null>(null);

export function useFileCommands(): FileCommands {
  const commands = useContext(FileCommandsContext);
  if (!commands) throw new Error("useFileCommands needs a FileCommandsContext above it");
  return commands;
}

import { nameProblem } from "../../files/lib/names.js";

/**
 * Why a name sent by an anonymous uploader is refused, or null. Stricter than the drive's own rule (files/lib/names.ts):
 * nothing that looks like a path from any system (a separator, a drive letter, `.` and `..`), no control characters,
 * no surrounding spaces. Refused rather than cleaned up, so what lands in the owner's folder is what was sent.
 */
export function uploadNameProblem(name: string): string | null {
  const drive = nameProblem(name);
  if (drive) return drive;
  if (name.includes("\\")) return "name must not contain '\\'";
  if (/^[A-Za-z]:/.test(name)) return "name must not be an absolute path";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\u0000-\u001f\u007f]/.test(name)) return "name must not contain control characters";
  if (name.trim() !== name) return "name must not start or end with a space";
  if (/^\.+$/.test(name)) return "name must not be only dots";
  return null;
}

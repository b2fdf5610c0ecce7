import { badRequest } from "../../http/errors.js";

const MAX_NAME_BYTES = 255;

/** Why a file or folder name is refused, or null when it is fine. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return "name must not be empty";
  if (Buffer.byteLength(name, "utf8") > MAX_NAME_BYTES) return `name must be at most ${MAX_NAME_BYTES} bytes`;
  if (name.includes("/")) return "name must not contain '/'";
  if (name.includes("\0")) return "name must not contain NUL";
  if (name === "." || name === "..") return `name must not be '${name}'`;
  return null;
}

/** 400 unless `name` is a valid file or folder name. */
export function checkName(name: string): string {
  const problem = nameProblem(name);
  if (problem) throw badRequest(`invalid name: ${problem}`);
  return name;
}

/** "report (2).pdf": the n-th alternative for a taken name (the extension stays last; dot-files keep theirs whole). */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  return `${stem} (${n})${ext}`;
}

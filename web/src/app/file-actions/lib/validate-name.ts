/** Why a file or folder name is refused, or undefined when it is fine. */
export function nameError(raw: string): string | undefined {
  const name = raw.trim();
  if (name === "") return "Enter a name";
  if (name === "." || name === "..") return `"${name}" is not allowed as a name`;
  if (name.includes("/")) return "A name can't contain /";
  if (name.includes("\0")) return "A name can't contain control characters";
  if (name.length > 255) return "A name can have at most 255 characters";
  return undefined;
}

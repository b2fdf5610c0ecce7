import { twMerge } from "tailwind-merge";

/**
 * Joins class names, skipping falsy parts, and resolves Tailwind conflicts so the later class wins whatever the
 * order in the generated CSS: `cn("inline-flex", "hidden")` is `hidden`.
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return twMerge(parts.filter(Boolean).join(" "));
}

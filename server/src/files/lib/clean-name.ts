/**
 * Teldrive's `clean_name`: lowercase, every run of non-alphanumerics becomes a space. A text search
 * matches when each word of the cleaned query appears in the cleaned name; since the words hold only
 * alphanumerics, "appears in the cleaned name" is the same as "appears in the lowercased name".
 */
export const cleanName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

export const queryWords = (query: string) => cleanName(query).split(" ").filter(Boolean);

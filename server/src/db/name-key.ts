/**
 * The key names are sorted by, the same on PGlite and PostgreSQL (stored in `files.name_key`, compared byte by
 * byte with COLLATE "C"): as people read names, not as code points.
 * - Case and accents do not order: "apple" < "Banana" < "éclair" ("é" sorts with "e"; compatibility forms such
 *   as "ﬁ" or full-width digits fold to their plain letters).
 * - Numbers compare by value: "file2" < "file10" ("007" and "7" are equal here, the name decides below).
 * - Spaces and punctuation come before numbers, numbers before letters, as in Unicode's default collation.
 * - Names equal under these rules are ordered by the name itself, so the order is total and stable.
 * This is the language-neutral order (Unicode's root collation, approximately): no locale-specific tailoring.
 */

const END = "\u0001"; // below every other character: "ab" before "ab c"
const PUNCTUATION = "\u0002";
const NUMBER = "\u0003";
/** Keeps a key, whatever the name, well inside PostgreSQL's index row limit. */
const MAX_FOLDED = 1000;

const TOKENS = /[0-9]+|[\p{L}\p{N}]|[^\p{L}\p{N}]/gu;

/** A run of digits, by value: its length first (no leading zeros), then the digits. */
function numberKey(digits: string): string {
  const value = digits.replace(/^0+/, "");
  return NUMBER + String.fromCodePoint(0x30 + value.length) + value;
}

export function nameSortKey(name: string): string {
  const folded = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  let key = "";
  for (const [token] of folded.matchAll(TOKENS)) {
    if (/^[0-9]/.test(token)) key += numberKey(token);
    else if (/[\p{L}\p{N}]/u.test(token)) key += token;
    else key += PUNCTUATION + token;
    if (key.length > MAX_FOLDED) break;
  }
  return key.slice(0, MAX_FOLDED) + END + name;
}

import type { Queryable } from "../db/index.js";
import { conflict } from "../http/errors.js";
import { nameProblem, numberedName } from "./lib/names.js";

/**
 * Names taken in folders, looked up for many (folder, name) pairs at once: one statement per CHUNK pairs, each an
 * index probe (the unique-name index), never a query per name.
 */

/** A name wanted in a folder. */
export interface NameWish {
  folder: string;
  name: string;
}

const CHUNK = 5000;
/** Highest n tried for "name (n)", as before this module. */
const MAX_NUMBER = 10_000;

/** Key of a (folder, name) pair in the sets below (a folder id is 36 characters, so the key is unambiguous). */
export const nameKey = (folder: string, name: string) => `${folder}/${name}`;

/** The pairs among `wishes` whose name an active row of the user holds in that folder, as nameKey()s. */
export async function takenNames(q: Queryable, userId: number, wishes: NameWish[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < wishes.length; i += CHUNK) {
    const chunk = wishes.slice(i, i + CHUNK);
    const rows = await q.query<{ folder: string; name: string }>(
      `SELECT v.folder, f.name FROM unnest($2::uuid[], $3::text[]) AS v(folder, name)
       JOIN files f ON f.user_id = $1 AND coalesce(f.parent_id, '00000000-0000-0000-0000-000000000000'::uuid) = v.folder
         AND f.name = v.name AND f.status = 'active'`,
      [userId, chunk.map((w) => w.folder), chunk.map((w) => w.name)],
    );
    for (const r of rows) taken.add(nameKey(r.folder, r.name));
  }
  return taken;
}

/**
 * For each wish, in order, the first "name (n)" (n = 1, 2, …) free in its folder and not in `claimed`; each name
 * given out joins `claimed`. Candidates are checked for all wishes together, a window of numbers per wish and
 * statement, the window growing each round, so even thousands of taken numbers cost a handful of statements.
 * 409 when a wish has no free name below MAX_NUMBER.
 */
export async function freeNames(
  q: Queryable,
  userId: number,
  wishes: NameWish[],
  claimed: Set<string>,
): Promise<string[]> {
  const given: (string | undefined)[] = wishes.map(() => undefined);
  const next = wishes.map(() => 1);
  let window = 4;
  for (;;) {
    const pending = wishes.flatMap((_w, i) => (given[i] === undefined ? [i] : []));
    if (pending.length === 0) return given as string[];
    const candidates = new Map<number, string[]>();
    for (const i of pending) {
      const wish = wishes[i] as NameWish;
      const names: string[] = [];
      for (let n = next[i] as number; n < Math.min((next[i] as number) + window, MAX_NUMBER); n++) {
        const name = numberedName(wish.name, n);
        if (nameProblem(name)) break;
        names.push(name);
      }
      if (names.length === 0) throw conflict(`no free name for "${wish.name}"`);
      candidates.set(i, names);
    }
    const taken = await takenNames(
      q,
      userId,
      pending.flatMap((i) =>
        (candidates.get(i) ?? []).map((name) => ({ folder: (wishes[i] as NameWish).folder, name })),
      ),
    );
    for (const i of pending) {
      const folder = (wishes[i] as NameWish).folder;
      const names = candidates.get(i) ?? [];
      const free = names.find((n) => !taken.has(nameKey(folder, n)) && !claimed.has(nameKey(folder, n)));
      if (free === undefined) next[i] = (next[i] as number) + names.length;
      else {
        given[i] = free;
        claimed.add(nameKey(folder, free));
      }
    }
    window = Math.min(window * 4, 1024);
  }
}

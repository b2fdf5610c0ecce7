import * as z from "zod/mini";

/**
 * Helpers for typed, validated route search params. zod/mini is used because route files are
 * part of the first page's bundle and the full zod does not tree-shake.
 *
 * usage: `validateSearch: z.object({ path: textParam("/"), page: numberParam(1) })`
 * A bad value falls back instead of throwing, so a hand-edited URL still opens.
 */
export { z };

/** Text; TanStack parses `?q=123` as the number 123, which is turned back into "123". */
export const textParam = (fallback: string) =>
  z.catch(
    z._default(
      z.pipe(
        z.union([z.string(), z.number(), z.boolean()]),
        z.transform((value) => String(value)),
      ),
      fallback,
    ),
    fallback,
  );

/** Optional text: absent stays undefined, numbers become text, anything else is dropped. */
export const optionalTextParam = () =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number(), z.boolean()]),
        z.transform((value) => String(value)),
      ),
    ),
    undefined,
  );

/** A finite number, from a number or numeric text. */
export const numberParam = (fallback: number) =>
  z.catch(
    z._default(
      z.pipe(
        z.union([z.number(), z.string()]),
        z.transform((value, ctx) => {
          const n = Number(value);
          if (value === "" || !Number.isFinite(n)) {
            ctx.issues.push({ code: "custom", message: "not a number", input: value });
            return z.NEVER;
          }
          return n;
        }),
      ),
      fallback,
    ),
    fallback,
  );

/** One of a fixed list of values. */
export const enumParam = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.catch(z._default(z.enum(values), fallback), fallback);

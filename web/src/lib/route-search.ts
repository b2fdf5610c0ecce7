/**
 * Typed, validated route search params without a schema library: route files are part of the
 * first page's bundle, and even zod/mini adds ~14 KB gzip there.
 *
 * usage: `validateSearch: searchSchema({ path: textParam("/"), page: optionalNumberParam() })`
 * A bad value falls back (or is dropped) instead of throwing, so a hand-edited URL still opens.
 * When linking, every param may be left out; keys whose reader can give `undefined` are optional
 * in the validated result, the others always hold a value.
 */

/** Reads one param from what the router parsed out of the URL (TanStack parses `?n=1` as a number). */
export type ParamReader<T> = (raw: unknown) => T;

type Read<S> = { [K in keyof S]: S[K] extends ParamReader<infer T> ? T : never };
type Flatten<T> = { [K in keyof T]: T[K] };
type Validated<T> = Flatten<
  { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
    [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
  }
>;
type LinkInput<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** The shape TanStack Router accepts as `validateSearch` (a validator adapter: `parse` plus its types). */
export interface SearchValidator<TInput, TOutput> {
  readonly types: { input: TInput; output: TOutput };
  parse(input: unknown): TOutput;
}

/** The validated search params of a `searchSchema(...)`. */
export type SearchOutput<V> = V extends SearchValidator<unknown, infer O> ? O : never;

export function searchSchema<S extends Record<string, ParamReader<unknown>>>(
  shape: S,
): SearchValidator<LinkInput<Read<S>>, Validated<Read<S>>> {
  return {
    // Types only: TanStack reads them to type Links and useSearch.
    types: {} as { input: LinkInput<Read<S>>; output: Validated<Read<S>> },
    parse(input) {
      const raw = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, read] of Object.entries(shape)) {
        const value = read(raw[key]);
        if (value !== undefined) out[key] = value;
      }
      return out as Validated<Read<S>>;
    },
  };
}

function asText(raw: unknown): string | undefined {
  if (typeof raw === "string") return raw;
  if (typeof raw === "number" || typeof raw === "boolean") return String(raw);
  return undefined;
}

function asNumber(raw: unknown): number | undefined {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Text; a number the router parsed (`?q=123`) is turned back into "123". */
export const textParam =
  (fallback: string): ParamReader<string> =>
  (raw) =>
    asText(raw) ?? fallback;

export const optionalTextParam = (): ParamReader<string | undefined> => asText;

/** A finite number, from a number or numeric text. */
export const numberParam =
  (fallback: number): ParamReader<number> =>
  (raw) =>
    asNumber(raw) ?? fallback;

export const optionalNumberParam = (): ParamReader<number | undefined> => asNumber;

/** true/false, also from the text "true"/"false". */
export const optionalBooleanParam = (): ParamReader<boolean | undefined> => (raw) => {
  if (typeof raw === "boolean") return raw;
  if (raw === "true" || raw === "false") return raw === "true";
  return undefined;
};

/** One of a fixed list of values. */
export const enumParam =
  <const T extends string>(values: readonly T[], fallback: T): ParamReader<T> =>
  (raw) =>
    values.includes(raw as T) ? (raw as T) : fallback;

export const optionalEnumParam =
  <const T extends string>(values: readonly T[]): ParamReader<T | undefined> =>
  (raw) =>
    values.includes(raw as T) ? (raw as T) : undefined;

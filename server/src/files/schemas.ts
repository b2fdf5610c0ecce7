import { z } from "zod";
import { CATEGORIES } from "./lib/category.js";
import { parseUpdatedAt } from "./lib/updated-at.js";

const boolParam = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const intParam = (min: number, max: number) =>
  z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(min).max(max));

/** `GET /files` query (Teldrive's FileQuery); array parameters are comma-separated. */
export const listQuerySchema = z.object({
  operation: z.enum(["list", "find"]).default("list"),
  path: z.string().optional(),
  parentId: z.string().optional(),
  name: z.string().max(1024).optional(),
  // Bounded so a search stays a handful of conditions, whatever the client sends.
  query: z.string().max(1024).optional(),
  searchType: z.enum(["text", "regex"]).default("text"),
  deepSearch: boolParam.default(false),
  type: z.enum(["folder", "file"]).optional(),
  category: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum([...CATEGORIES, "folder"])))
    .optional(),
  updatedAt: z
    .string()
    .transform((s, ctx) => {
      const parsed = parseUpdatedAt(s);
      if (!parsed) {
        ctx.addIssue({
          code: "custom",
          message: "expected op:YYYY-MM-DD or op:<date-time with offset> entries, op one of gte, lte, eq, gt, lt",
        });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  shared: boolParam.default(false),
  status: z.enum(["active", "pending_deletion"]).default("active"),
  // takenAt is ours (capability `takenAt`); list-routes.ts refuses it under COMPAT.
  sort: z.enum(["name", "updatedAt", "takenAt", "size", "id"]).default("name"),
  order: z.enum(["asc", "desc"]).default("asc"),
  page: intParam(1, Number.MAX_SAFE_INTEGER).default(1),
  limit: intParam(1, 1000).default(500),
  /** API-B: where a cursor walk goes on (files/cursor-paging.ts); "" is the first page. */
  cursor: z.string().max(16_384).optional(),
});

const partSchema = z.object({ id: z.number().int().positive(), salt: z.string().optional() });
/** A date-time with an offset (RFC 3339). */
export const dateTime = z.iso.datetime({ offset: true });

/** What a new or replaced file's content may come from. */
const contentFields = {
  parts: z.array(partSchema).optional(),
  uploadId: z.string().min(1).optional(),
  size: z.number().int().min(0).optional(),
  channelId: z.number().int().min(0).optional(),
  encrypted: z.boolean().optional(),
  updatedAt: dateTime.optional(),
};

/** `POST /files` (Teldrive's File) plus our `replace` flag, accepted but no longer needed: a file onto a file always replaces it, as in Teldrive. */
export const createBodySchema = z.object({
  name: z.string(),
  type: z.enum(["file", "folder"]),
  path: z.string().optional(),
  parentId: z.string().optional(),
  mimeType: z.string().optional(),
  replace: z.boolean().optional(),
  ...contentFields,
});
export type CreateBody = z.infer<typeof createBodySchema>;

/** `PATCH /files/{id}` (Teldrive's FileUpdate). */
export const updateBodySchema = z.object({
  name: z.string().optional(),
  parentId: z.string().optional(),
  ...contentFields,
});
export type UpdateBody = z.infer<typeof updateBodySchema>;

export const moveBodySchema = z.object({
  ids: z.array(z.string()).min(1),
  destinationParent: z.string().min(1),
  destinationName: z.string().optional(),
});

export const copyBodySchema = z.object({
  destination: z.string().min(1),
  newName: z.string().optional(),
  updatedAt: dateTime.optional(),
});

export const deleteBodySchema = z.object({ ids: z.array(z.string()).min(1) });

export const mkdirBodySchema = z.object({ path: z.string() });

export const idParamsSchema = z.object({ id: z.string() });

/** `GET /trash`. */
export const trashQuerySchema = z.object({
  page: intParam(1, Number.MAX_SAFE_INTEGER).default(1),
  limit: intParam(1, 1000).default(100),
});

/** `POST /trash/restore`: without `onConflict` a taken name answers 409 with the clashes. */
export const restoreBodySchema = z.object({
  ids: z.array(z.string()).min(1),
  onConflict: z.enum(["rename", "replace", "skip"]).optional(),
});

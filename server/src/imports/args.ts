import { z } from "zod";
import { badRequest } from "../http/errors.js";

/** Teldrive main's `SyncArgs` (teldrive-main-openapi.yaml). */
export const syncArgsSchema = z.object({
  source: z.string().min(1).max(16_384),
  destinationDir: z.string().min(1).max(4096),
  headers: z.record(z.string().max(256), z.string().max(8192)).optional(),
  proxy: z.string().max(2048).optional(),
  filters: z
    .object({
      include: z.array(z.string().min(1).max(1024)).max(100).optional(),
      exclude: z.array(z.string().min(1).max(1024)).max(100).optional(),
      minSize: z.number().int().min(0).optional(),
      maxSize: z.number().int().min(0).optional(),
      excludeIfPresent: z.array(z.string().min(1).max(255)).max(20).optional(),
    })
    .optional(),
  options: z
    .object({
      partSize: z
        .number()
        .int()
        .min(1024 * 1024)
        .max(2 * 1024 * 1024 * 1024)
        .optional(),
      encrypted: z.boolean().optional(),
      sync: z.boolean().optional(),
    })
    .optional(),
});

export type SyncArgs = z.infer<typeof syncArgsSchema>;

export const DEFAULT_PART_SIZE = 64 * 1024 * 1024;

export type SourceKind = "local" | "http" | "dav" | "sftp";

/** A source URL taken apart. Credentials travel in the URL (Teldrive's form); an SFTP key as `?privateKey=<PEM>`. */
export interface SourceSpec {
  kind: SourceKind;
  url: URL;
}

export function parseSource(source: string): SourceSpec {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw badRequest(`source is not a URL: use local:///folder, dav(s)://host/path, sftp://host/path or http(s)://`);
  }
  switch (url.protocol) {
    case "local:":
      return { kind: "local", url };
    case "http:":
    case "https:":
      return { kind: "http", url };
    case "dav:":
    case "davs:":
    case "webdav:":
    case "webdavs:":
      return { kind: "dav", url };
    case "sftp:":
      return { kind: "sftp", url };
    case "rclone:":
      throw badRequest(
        "rclone:// sources are not supported by this server: use dav(s)://, sftp://, http(s):// or local://",
      );
    default:
      throw badRequest(
        `unknown source type ${url.protocol.replace(/:$/, "")}: use local, dav, davs, sftp, http or https`,
      );
  }
}

/** What the API may show of the arguments: no password, private key or header value. */
export function publicArgs(args: SyncArgs): SyncArgs {
  const url = new URL(args.source);
  url.password = "";
  for (const secret of ["privateKey", "passphrase", "password"]) url.searchParams.delete(secret);
  const out: SyncArgs = { ...args, source: url.toString() };
  if (args.headers) out.headers = Object.fromEntries(Object.keys(args.headers).map((k) => [k, "(hidden)"]));
  if (args.proxy) out.proxy = "(hidden)";
  return out;
}

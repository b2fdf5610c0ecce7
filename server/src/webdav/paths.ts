import { nameProblem } from "../files/lib/names.js";
import { badRequest, HttpError } from "../http/errors.js";

/** Where WebDAV is served; every href this server writes starts with it. */
export const PREFIX = "/webdav";

/**
 * A path of the user's drive from a request target under PREFIX: its decoded segments, each a valid name (`..`, `.`,
 * NUL and an encoded `/` are refused with 400, never resolved). The query is dropped.
 */
export function segmentsOf(target: string): string[] {
  // A fragment never reaches a server from a correct client: refuse it rather than act on the URI without it.
  if (target.includes("#")) throw badRequest("a request URI must not hold a fragment");
  const path = target.split("?", 1)[0] ?? "";
  if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) throw new HttpError(502, "not a path of this WebDAV server");
  const out: string[] = [];
  for (const raw of path.slice(PREFIX.length).split("/")) {
    if (raw === "") continue;
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      throw badRequest("invalid percent-encoding in the path");
    }
    const problem = nameProblem(name);
    if (problem) throw badRequest(`invalid path: ${problem}`);
    out.push(name);
  }
  return out;
}

/** The drive path of a `Destination` header (an absolute URL or an absolute path). */
export function destinationSegments(header: string | undefined): string[] {
  if (!header) throw badRequest("Destination header is required");
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(header.trim());
  return segmentsOf(match ? (match[1] ?? "/") : header.trim());
}

/** "/a/b" for ["a", "b"], "/" for the top of the drive: how locks name what they cover. */
export const lockPath = (segments: string[]) => `/${segments.join("/")}`;

/** True when `path` is `ancestor` or lies below it. */
export const isWithin = (path: string, ancestor: string) =>
  path === ancestor || ancestor === "/" || path.startsWith(`${ancestor}/`);

export function hrefOf(segments: string[], collection: boolean): string {
  const tail = segments.map(encodeURIComponent).join("/");
  return `${PREFIX}/${tail}${collection && tail ? "/" : ""}`;
}

// The one contract of our API: docs/openapi.json (Teldrive 1.8.3's API plus what this project adds), generated into
// openapi.gen.ts by `npm run gen:api`. The client, the server, the e2e tests and the bench take their shapes from
// here, so a shape changes in one place and every side that disagrees fails typecheck. Types only: nothing here runs.
import type { components, paths } from "./openapi.gen.js";

export type { components, paths };

type Schemas = components["schemas"];

/** `T` with the keys `K` present. */
type WithRequired<T, K extends keyof T> = T & { [P in K]-?: T[P] };

/** Teldrive's `File` as our server sends it in a listing: these fields are always there. */
export type FileOut = WithRequired<Schemas["File"], "id" | "mimeType" | "size" | "encrypted" | "updatedAt">;
export type FileList = { items: FileOut[]; meta: Schemas["FileList"]["meta"] };
export type SessionCreate = Schemas["SessionCreate"];
export type ShareListItem = Schemas["ShareListItem"];
export type Capabilities = Schemas["Capabilities"];
export type Category = Schemas["Category"];
export type TrashItem = Schemas["TrashItem"];

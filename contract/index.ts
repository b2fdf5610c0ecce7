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
export type PlaybackPosition = Schemas["PlaybackPosition"];
export type PlaybackPositionOut = Schemas["PlaybackPositionOut"];
export type PlaybackItem = Omit<Schemas["PlaybackItem"], "file"> & { file: FileOut };
export type FileRequest = Schemas["FileRequest"];
export type FileRequestCreate = Schemas["FileRequestCreate"];
export type FileRequestPublic = Schemas["FileRequestPublic"];
export type FileRequestUploaded = Schemas["FileRequestUploaded"];

// API-B: Teldrive main's document (../shared/api/teldrive-main-openapi.yaml, unchanged), generated into teldrive-main.gen.ts by
// the same `npm run gen:api`. Named apart so no API-A caller takes a shape of the other generation by mistake.
import type { components as MainComponents, paths as MainPaths } from "./teldrive-main.gen.js";

export type { MainComponents, MainPaths };

type MainSchemas = MainComponents["schemas"];

export namespace TeldriveMain {
  export type File = MainSchemas["File"];
  export type FileList = MainSchemas["FileList"];
  export type FileShare = MainSchemas["FileShare"];
  export type FileShareCreate = MainSchemas["FileShareCreate"];
  export type AuthAttempt = MainSchemas["AuthAttempt"];
  export type AuthAttemptSession = MainSchemas["AuthAttemptSession"];
  export type Session = MainSchemas["Session"];
  export type UserApiKey = MainSchemas["UserApiKey"];
  export type UserApiKeyCreate = MainSchemas["UserApiKeyCreate"];
  export type UserApiKeyCreateResult = MainSchemas["UserApiKeyCreateResult"];
  export type Error = MainSchemas["Error"];
}

// Entry of the PGlite worker thread: the server runs TypeScript through tsx, which a worker must register itself.
import { register } from "tsx/esm/api";

register();
await import("./pglite-worker.ts");

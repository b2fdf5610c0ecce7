// `node --test scripts/check-layers.test.mjs`: the layer check finds planted sideways and upward imports, and the
// client itself has none; the server's finds infrastructure importing an API area and import circles, and the server
// itself has none.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { checkLayers, checkServerLayers } from "./check-layers.mjs";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "check-layers-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function fixture(files) {
  const dir = fs.mkdtempSync(path.join(root, "src-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const found = (dir) => checkLayers(dir).map((v) => `${path.basename(v.file)}:${v.line} ${v.specifier}`);

test("imports that go down, or stay in their own feature, pass", () => {
  const dir = fixture({
    "lib/cn.ts": "export const cn = 1;\n",
    "lib/hooks/use-x.ts": 'import { cn } from "../cn";\n',
    "ui/button.tsx": 'import { cn } from "@/lib/cn";\n',
    "drive/files/file-item.ts": 'import { cn } from "../../lib/cn";\nimport { Button } from "@/ui/button";\n',
    "drive/files/file-icon.tsx": 'import type { X } from "./file-item";\nimport { s } from "@/drive/shares/s";\n',
    "features/files/lib/list.ts": 'import type { X } from "@/drive/files/file-item";\nimport "./list.css";\n',
    "features/files/components/row.tsx":
      'import { list } from "../lib/list";\nimport { a } from "@/features/files/lib/list";\n',
    "app/shell/layout.tsx": 'import { Row } from "@/features/files/components/row";\n',
    "routes/index.tsx": 'import { Layout } from "@/app/shell/layout";\n',
    "main.tsx": 'import { Layout } from "./app/shell/layout";\n',
  });
  assert.deepEqual(found(dir), []);
});

test("a feature importing another feature is caught, by alias or by relative path", () => {
  const dir = fixture({
    "features/files/a.ts": 'import { x } from "@/features/upload/lib/x";\n',
    "features/files/lib/b.ts": '// a comment\nexport { y } from "../../upload/lib/y";\n',
    "features/upload/c.ts": 'const m = () => import("@/features/files/a");\n',
  });
  assert.deepEqual(found(dir).sort(), [
    "a.ts:1 @/features/upload/lib/x",
    "b.ts:2 ../../upload/lib/y",
    "c.ts:1 @/features/files/a",
  ]);
});

test("upward imports are caught at every floor", () => {
  const dir = fixture({
    "lib/a.ts": 'import { b } from "@/ui/button";\n',
    "lib/hooks/a2.ts": 'import { f } from "../../drive/files/f";\n',
    "ui/b.tsx": 'import type { F } from "@/drive/files/file-item";\n',
    "drive/files/c.ts": 'import { d } from "@/features/files/d";\n',
    "drive/theme/c2.ts": 'import { d } from "@/app/shell/d";\n',
    "features/files/d.ts": 'import { r } from "@/routes/index";\n',
    "features/files/d2.ts": 'import { a } from "@/app/file-actions/a";\n',
    "app/shell/e.tsx": 'import { r } from "../../routes/index";\n',
  });
  assert.deepEqual(found(dir).sort(), [
    "a.ts:1 @/ui/button",
    "a2.ts:1 ../../drive/files/f",
    "b.tsx:1 @/drive/files/file-item",
    "c.ts:1 @/features/files/d",
    "c2.ts:1 @/app/shell/d",
    "d.ts:1 @/routes/index",
    "d2.ts:1 @/app/file-actions/a",
    "e.tsx:1 ../../routes/index",
  ]);
});

test("a file outside every floor is caught: the old shared/, components/ and any new top folder", () => {
  const dir = fixture({
    "shared/lib/s.ts": "export const s = 1;\n",
    "components/ui/button.tsx": "export const b = 1;\n",
    "helpers.ts": "export const h = 1;\n",
  });
  assert.deepEqual(found(dir).sort(), [
    "button.tsx:1 components/ui/button.tsx",
    "helpers.ts:1 helpers.ts",
    "s.ts:1 shared/lib/s.ts",
  ]);
});

test("web/src keeps the rule", () => {
  const violations = checkLayers(path.resolve(import.meta.dirname, "../web/src"));
  assert.deepEqual(
    violations.map((v) => `${v.file}:${v.line}: ${v.specifier}: ${v.reason}`),
    [],
  );
});

const foundOnServer = (dir) =>
  checkServerLayers(dir).map((v) => `${path.relative(dir, path.resolve(v.file))}:${v.line} ${v.reason}`);

test("server: areas standing on infrastructure, and entry points importing anything, pass", () => {
  const dir = fixture({
    "config.ts": 'import { loadStorageConfig } from "./storage/config.js";\n',
    "storage/config.ts": "export const loadStorageConfig = () => 1;\n",
    "http/errors.ts": "export const notFound = 1;\n",
    "db/index.ts": 'import { backfill } from "./name-keys.js";\nexport type { Db } from "./handle.js";\n',
    "db/handle.ts": "export interface Db {}\n",
    "db/name-keys.ts": 'import type { Db } from "./handle.js";\nexport const backfill = 1;\n',
    "jobs/queue.ts": 'import type { Db } from "../db/index.js";\n',
    "deps.ts": 'import type { Db } from "./db/index.js";\nimport type { Cache } from "./thumbnails/cache.js";\n',
    "thumbnails/cache.ts": "export interface Cache {}\n",
    "files/tree.ts": 'import type { Deps } from "../deps.js";\nimport { notFound } from "../http/errors.js";\n',
    "shares/routes.ts": 'import { tree } from "../files/tree.js";\nimport { enqueue } from "../jobs/queue.js";\n',
    "files/jobs.ts": 'import { recurringJob } from "../jobs/queue.js";\n',
    "app.ts": 'import { routes } from "./shares/routes.js";\nimport { jobs } from "./files/jobs.js";\n',
    "main.ts": 'import { buildApp } from "./app.js";\n',
  });
  assert.deepEqual(foundOnServer(dir), []);
});

test("server: infrastructure importing an API area, and an area importing an entry point, are caught", () => {
  const dir = fixture({
    "db/index.ts": 'import { backfillNameKeys } from "../files/name-keys.js";\n',
    "files/name-keys.ts": "export const backfillNameKeys = 1;\n",
    "jobs/index.ts": '// the registry\nimport { pruneSignIns } from "../auth/sign-in-state.js";\n',
    "auth/sign-in-state.ts": "export const pruneSignIns = 1;\n",
    "config.ts": 'import type { Deps } from "./deps.js";\n',
    "deps.ts": "export interface Deps {}\n",
    "http/errors.ts": 'export { CSP } from "../app.js";\n',
    "users/routes.ts": 'const app = () => import("../app.js");\n',
    "app.ts": "export const CSP = 1;\n",
  });
  assert.deepEqual(foundOnServer(dir).sort(), [
    "config.ts:1 infrastructure may not import an API area (deps.ts)",
    "db/index.ts:1 infrastructure may not import an API area (files/name-keys.ts)",
    "http/errors.ts:1 infrastructure may not import an entry point (app.ts)",
    "jobs/index.ts:2 infrastructure may not import an API area (auth/sign-in-state.ts)",
    "users/routes.ts:1 an API area may not import an entry point (app.ts); app.ts hands areas what they need (deps.ts)",
  ]);
});

test("server: import circles are caught, type-only ones and those inside one folder too", () => {
  const dir = fixture({
    "db/index.ts": 'import { migrate } from "./migrations.js";\nexport interface Db {}\n',
    "db/migrations.ts": 'import type { Db } from "./index.js";\nexport const migrate = 1;\n',
    "files/tree.ts": 'import { share } from "../shares/routes.js";\n',
    "shares/routes.ts": 'import { list } from "../uploads/list.js";\n',
    "uploads/list.ts": 'export { tree } from "../files/tree";\n',
    "users/self.ts": 'import { me } from "./self.js";\n',
  });
  assert.deepEqual(foundOnServer(dir).sort(), [
    "db/index.ts:1 import circle: db/index.ts > db/migrations.ts > db/index.ts",
    "files/tree.ts:1 import circle: files/tree.ts > shares/routes.ts > uploads/list.ts > files/tree.ts",
    "users/self.ts:1 import circle: users/self.ts > users/self.ts",
  ]);
});

test("server/src keeps the rule", () => {
  const violations = checkServerLayers(path.resolve(import.meta.dirname, "../server/src"));
  assert.deepEqual(
    violations.map((v) => `${v.file}:${v.line}: ${v.specifier}: ${v.reason}`),
    [],
  );
});

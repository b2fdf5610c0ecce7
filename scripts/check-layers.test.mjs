// `node --test scripts/check-layers.test.mjs`: the layer check finds planted sideways and upward imports, and the
// client itself has none.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { checkLayers } from "./check-layers.mjs";

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

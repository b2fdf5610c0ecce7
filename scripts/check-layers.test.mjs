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
    "components/ui/button.tsx": 'import { cn } from "@/lib/cn";\n',
    "shared/lib/file-item.ts": 'import { cn } from "../../lib/cn";\n',
    "features/files/lib/list.ts": 'import type { X } from "@/shared/lib/file-item";\nimport "./list.css";\n',
    "features/files/components/row.tsx":
      'import { list } from "../lib/list";\nimport { a } from "@/features/files/lib/list";\n',
    "app/shell/layout.tsx": 'import { Row } from "@/features/files/components/row";\n',
    "routes/index.tsx": 'import { Layout } from "@/app/shell/layout";\n',
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

test("upward imports are caught at every layer", () => {
  const dir = fixture({
    "lib/a.ts": 'import { s } from "@/shared/lib/s";\n',
    "components/ui/b.tsx": 'import type { F } from "@/features/files/f";\n',
    "shared/lib/c.ts": 'import { d } from "@/app/file-actions/d";\n',
    "features/files/d.ts": 'import { r } from "@/routes/index";\n',
    "app/shell/e.tsx": 'import { r } from "../../routes/index";\n',
  });
  assert.deepEqual(found(dir).sort(), [
    "a.ts:1 @/shared/lib/s",
    "b.tsx:1 @/features/files/f",
    "c.ts:1 @/app/file-actions/d",
    "d.ts:1 @/routes/index",
    "e.tsx:1 ../../routes/index",
  ]);
});

test("web/src keeps the rule", () => {
  const violations = checkLayers(path.resolve(import.meta.dirname, "../web/src"));
  assert.deepEqual(
    violations.map((v) => `${v.file}:${v.line}: ${v.specifier}: ${v.reason}`),
    [],
  );
});

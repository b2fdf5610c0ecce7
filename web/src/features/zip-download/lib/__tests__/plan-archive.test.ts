import { describe, expect, it } from "vitest";
import { type ServerFile, toFileItem } from "@/drive/files/file-item";
import { type ListChildren, planArchive } from "../plan-archive";

const folder = (id: string, name: string): ServerFile => ({ id, name, type: "folder", mimeType: "drive/folder" });
const file = (id: string, name: string, size: number): ServerFile => ({
  id,
  name,
  type: "file",
  mimeType: "application/octet-stream",
  size,
});

/** A drive tree by folder id; the walk sees it only through `listChildren`, as it sees the API. */
function drive(tree: Record<string, ServerFile[]>) {
  const asked: string[] = [];
  const listChildren: ListChildren = async (folderId) => {
    asked.push(folderId);
    return tree[folderId] ?? [];
  };
  return { listChildren, asked };
}

const summary = (entries: Awaited<ReturnType<typeof planArchive>>["entries"]) =>
  entries.map((e) => (e.kind === "folder" ? `${e.path}/` : `${e.path} <- ${e.file.id}`));

describe("planArchive", () => {
  it("walks folders depth-first, sorted by name, keeping empty folders and summing sizes", async () => {
    const { listChildren, asked } = drive({
      root: [file("f2", "b.txt", 5), folder("sub", "sub"), file("f1", "a.txt", 3), folder("empty", "empty")],
      sub: [folder("deep", "deeper"), file("f3", "日本語.bin", 7)],
      deep: [file("f4", "x", 11)],
    });
    const plan = await planArchive([toFileItem(folder("root", "Album"))], listChildren, new AbortController().signal);
    expect(summary(plan.entries)).toEqual([
      "Album/",
      "Album/a.txt <- f1",
      "Album/b.txt <- f2",
      "Album/empty/",
      "Album/sub/",
      "Album/sub/deeper/",
      "Album/sub/deeper/x <- f4",
      "Album/sub/日本語.bin <- f3",
    ]);
    expect(plan.fileCount).toBe(4);
    expect(plan.totalBytes).toBe(26);
    expect(asked).toEqual(["root", "empty", "sub", "deep"]);
  });

  it("puts a multi-selection side by side and numbers names that clash, in a stable order", async () => {
    const { listChildren } = drive({
      d1: [
        file("r1", "report.txt", 1),
        file("r2", "Report.txt", 1),
        file("c1", "Caf\u00e9", 1),
        file("c2", "Cafe\u0301", 1),
      ],
    });
    const selection = [toFileItem(file("top", "Docs", 2)), toFileItem(folder("d1", "docs"))];
    const plan = await planArchive(selection, listChildren, new AbortController().signal);
    expect(summary(plan.entries)).toEqual([
      "Docs <- top",
      "docs (2)/",
      "docs (2)/Cafe\u0301 <- c2",
      "docs (2)/Caf\u00e9 (2) <- c1",
      "docs (2)/Report.txt <- r2",
      "docs (2)/report (2).txt <- r1",
    ]);
  });

  it("keeps hostile names inside their folder", async () => {
    const { listChildren } = drive({
      evil: [file("e1", "..", 1), file("e2", "a\\..\\..\\b", 1), folder("e3", "/abs")],
    });
    const plan = await planArchive([toFileItem(folder("evil", ".."))], listChildren, new AbortController().signal);
    expect(plan.entries.map((e) => e.path)).toEqual(["__", "__/__", "__/_abs", "__/a_.._.._b"]);
    for (const { path } of plan.entries) {
      expect(path.split("/")).not.toContain("..");
      expect(path).not.toMatch(/^\/|\\|\0/);
    }
  });

  it("does not walk a folder twice when the server lists it twice", async () => {
    const { listChildren, asked } = drive({ a: [folder("a", "again")] });
    const plan = await planArchive([toFileItem(folder("a", "a"))], listChildren, new AbortController().signal);
    expect(summary(plan.entries)).toEqual(["a/", "a/again/"]);
    expect(asked).toEqual(["a"]);
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    const listChildren: ListChildren = async () => {
      controller.abort(new Error("cancelled"));
      return [folder("x", "x")];
    };
    await expect(planArchive([toFileItem(folder("r", "r"))], listChildren, controller.signal)).rejects.toThrow(
      "cancelled",
    );
  });
});

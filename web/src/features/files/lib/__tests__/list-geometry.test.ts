import { describe, expect, it } from "vitest";
import { nextFocusIndex } from "@/lib/grid-focus";
import { leadingFolders, listGeometry } from "../list-geometry";

describe("listGeometry", () => {
  // 5 folders and 7 files in 2 columns: folder rows 0-2 (one slot each), file rows 3-6 (four slots each).
  const g = listGeometry({ count: 12, columns: 2, folders: 5, cardSlots: 4 });
  it("gives folders rows of their own before the files", () => {
    expect(g.folderRows).toBe(3);
    expect(g.rows).toBe(7);
    expect(g.slots).toBe(3 + 4 * 4);
    expect([0, 1, 4, 5, 6, 11].map(g.rowOf)).toEqual([0, 0, 2, 3, 3, 6]);
    expect([g.firstOf(2), g.endOf(2)]).toEqual([4, 5]);
    expect([g.firstOf(3), g.endOf(3)]).toEqual([5, 7]);
    expect([g.firstOf(6), g.endOf(6)]).toEqual([11, 12]);
  });
  it("maps slots to rows and back", () => {
    expect([0, 2, 3, 6, 7, 18].map(g.rowOfSlot)).toEqual([0, 2, 3, 3, 4, 6]);
    expect([2, 3, 4, 6].map(g.slotOf)).toEqual([2, 3, 7, 15]);
    expect([g.spanOf(2), g.spanOf(3)]).toEqual([1, 4]);
  });
  it("is the plain list or grid without folders", () => {
    const list = listGeometry({ count: 10, columns: 1, folders: 0, cardSlots: 1 });
    expect([list.rows, list.slots, list.rowOf(7), list.slotOf(7), list.rowOfSlot(7)]).toEqual([10, 10, 7, 7, 7]);
    const cards = listGeometry({ count: 10, columns: 3, folders: 0, cardSlots: 4 });
    expect([cards.rows, cards.slots, cards.rowOf(7), cards.firstOf(3), cards.endOf(3)]).toEqual([4, 16, 2, 9, 10]);
  });
  it("keeps the column when the arrows cross from folders to files", () => {
    const at = (index: number, key: string) =>
      nextFocusIndex(key, { index, count: 12, columns: 2, pageItems: 4, rows: g });
    expect(at(1, "ArrowDown")).toBe(3);
    expect(at(3, "ArrowDown")).toBe(4); // the last folder row holds one folder
    expect(at(4, "ArrowDown")).toBe(5);
    expect(at(5, "ArrowUp")).toBe(4);
    expect(at(6, "ArrowUp")).toBe(4);
    expect(at(10, "ArrowDown")).toBe(11);
    expect(at(11, "ArrowDown")).toBe(11);
    expect(at(1, "ArrowUp")).toBe(0);
  });
});

describe("leadingFolders", () => {
  const items = [true, true, true, false, true].map((isDir) => ({ isDir }));
  it("counts the folders before the first file", () => {
    expect(leadingFolders((i) => items[i], 5)).toEqual({ folders: 3, exact: true });
    expect(leadingFolders((i) => items[i], 2)).toEqual({ folders: 2, exact: true });
  });
  it("counts as far as the items are loaded, never less than before", () => {
    expect(leadingFolders((i) => (i < 2 ? items[i] : undefined), 5)).toEqual({ folders: 2, exact: false });
    expect(leadingFolders(() => undefined, 5, 2)).toEqual({ folders: 2, exact: false });
  });
});

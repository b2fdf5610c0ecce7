import { describe, expect, it } from "vitest";
import { applyClick, clickModeOf, deselect, EMPTY_SELECTION, selectAll } from "../selection";

const ids = ["a", "b", "c", "d", "e"];
const idAt = (i: number) => ids[i];

describe("selection", () => {
  it("maps modifier keys to click modes", () => {
    expect(clickModeOf({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe("replace");
    expect(clickModeOf({ shiftKey: false, ctrlKey: true, metaKey: false })).toBe("toggle");
    expect(clickModeOf({ shiftKey: false, ctrlKey: false, metaKey: true })).toBe("toggle");
    expect(clickModeOf({ shiftKey: true, ctrlKey: true, metaKey: false })).toBe("range");
  });
  it("click selects one", () => {
    const s = applyClick(selectAll(["a", "b"]), { index: 2, mode: "replace", idAt });
    expect([...s.ids]).toEqual(["c"]);
    expect(s.anchor).toBe(2);
  });
  it("ctrl-click toggles", () => {
    let s = applyClick(EMPTY_SELECTION, { index: 0, mode: "replace", idAt });
    s = applyClick(s, { index: 3, mode: "toggle", idAt });
    expect([...s.ids].sort()).toEqual(["a", "d"]);
    s = applyClick(s, { index: 0, mode: "toggle", idAt });
    expect([...s.ids]).toEqual(["d"]);
  });
  it("shift-click selects a range from the anchor, both directions", () => {
    let s = applyClick(EMPTY_SELECTION, { index: 1, mode: "replace", idAt });
    s = applyClick(s, { index: 3, mode: "range", idAt });
    expect([...s.ids]).toEqual(["b", "c", "d"]);
    s = applyClick(s, { index: 0, mode: "range", idAt });
    expect([...s.ids]).toEqual(["a", "b"]);
  });
  it("shift-click without an anchor selects one", () => {
    expect([...applyClick(EMPTY_SELECTION, { index: 4, mode: "range", idAt }).ids]).toEqual(["e"]);
  });
  it("skips rows that are not loaded", () => {
    const partial = (i: number) => (i === 2 ? undefined : ids[i]);
    let s = applyClick(EMPTY_SELECTION, { index: 0, mode: "replace", idAt: partial });
    s = applyClick(s, { index: 4, mode: "range", idAt: partial });
    expect([...s.ids]).toEqual(["a", "b", "d", "e"]);
    expect(applyClick(s, { index: 2, mode: "replace", idAt: partial })).toBe(s);
  });
  it("selects all", () => {
    expect(selectAll(ids).ids.size).toBe(5);
  });
  it("deselects items that left the list and drops the anchor", () => {
    const s = deselect(applyClick(selectAll(["a", "b"]), { index: 2, mode: "toggle", idAt }), ["a", "c", "z"]);
    expect([...s.ids]).toEqual(["b"]);
    expect(s.anchor).toBeNull();
  });
});

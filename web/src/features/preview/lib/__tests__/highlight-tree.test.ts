import { describe, expect, it } from "vitest";
import { highlightTree, splitLines } from "../highlight-tree";

describe("highlightTree", () => {
  it("keeps text and classes only", () => {
    expect(highlightTree('<span class="hljs-keyword">const</span> a = &lt;b&gt;;')).toEqual([
      { className: "hljs-keyword", children: ["const"] },
      " a = <b>;",
    ]);
  });
  it("nests spans", () => {
    expect(highlightTree('<span class="a"><span class="b">x</span>y</span>')).toEqual([
      { className: "a", children: [{ className: "b", children: ["x"] }, "y"] },
    ]);
  });
});

describe("splitLines", () => {
  it("splits text and spans at newlines, repeating a span on each of its lines", () => {
    expect(splitLines(["a\nb", { className: "c", children: ["x\ny"] }, "\n"])).toEqual([
      ["a"],
      ["b", { className: "c", children: ["x"] }],
      [{ className: "c", children: ["y"] }],
      [],
    ]);
  });
});

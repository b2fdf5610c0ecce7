import { describe, expect, it } from "vitest";
import { highlightTree } from "../highlight-tree";

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

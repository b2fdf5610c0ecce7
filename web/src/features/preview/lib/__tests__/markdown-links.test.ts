import { describe, expect, it } from "vitest";
import { markdownTarget, resolveDrivePath } from "../markdown-links";

describe("resolveDrivePath", () => {
  it("resolves relative to the document's folder, and from the root with a leading slash", () => {
    expect(resolveDrivePath("/Docs", "other.md")).toBe("/Docs/other.md");
    expect(resolveDrivePath("/Docs", "./img/a.png")).toBe("/Docs/img/a.png");
    expect(resolveDrivePath("/Docs/Guides", "../Notes/b.md")).toBe("/Docs/Notes/b.md");
    expect(resolveDrivePath("/", "a.md")).toBe("/a.md");
    expect(resolveDrivePath("/Docs", "/Photos/x.png")).toBe("/Photos/x.png");
    expect(resolveDrivePath("/Docs", "my%20notes.md")).toBe("/Docs/my notes.md");
  });

  it("refuses climbing above the root, encoded slashes, folders and malformed escapes", () => {
    expect(resolveDrivePath("/Docs", "../../etc/passwd")).toBeUndefined();
    expect(resolveDrivePath("/", "../a.md")).toBeUndefined();
    expect(resolveDrivePath("/Docs", "a%2F..%2F..%2Fb.md")).toBeUndefined();
    expect(resolveDrivePath("/Docs", "a%5Cb.md")).toBeUndefined();
    expect(resolveDrivePath("/Docs", "sub/")).toBeUndefined();
    expect(resolveDrivePath("/Docs", "%E0%A4%A.md")).toBeUndefined();
    expect(resolveDrivePath("/Docs", ".")).toBeUndefined();
  });
});

describe("markdownTarget", () => {
  it("takes drive paths without their query or fragment", () => {
    expect(markdownTarget("other.md#part-2", "/Docs")).toEqual({ kind: "drive", path: "/Docs/other.md" });
    expect(markdownTarget("img/a.png?raw=1", "/Docs")).toEqual({ kind: "drive", path: "/Docs/img/a.png" });
  });

  it("lets web and mail links out, protocol-relative ones over https", () => {
    expect(markdownTarget("https://example.com/a?b=1", "/")).toEqual({
      kind: "external",
      url: "https://example.com/a?b=1",
    });
    expect(markdownTarget("HTTP://example.com", "/")).toEqual({ kind: "external", url: "http://example.com/" });
    expect(markdownTarget("mailto:a@example.com", "/")).toEqual({ kind: "external", url: "mailto:a@example.com" });
    expect(markdownTarget("//example.com/x", "/")).toEqual({ kind: "external", url: "https://example.com/x" });
  });

  it("follows nothing else: scripts, data, files, anchors, empty", () => {
    for (const href of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "vbscript:x",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
      "blob:https://example.com/x",
      "#section",
      "",
      undefined,
      "https://",
    ])
      expect(markdownTarget(href, "/Docs")).toEqual({ kind: "none" });
  });
});

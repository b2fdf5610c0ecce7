import { describe, expect, it } from "vitest";
import { NOT_AVAILABLE, versionRows } from "../version-info";

describe("versionRows", () => {
  it("names keys in plain words, links the version to its commit by 7 characters and shows N/A for empty values", () => {
    const rows = versionRows(
      { version: "1.8.3", commitSHA: "a1b2c3d4e5f6", goVersion: "", os: "linux", arch: null },
      "https://code.example/commit/",
    );
    expect(rows).toEqual([
      { key: "version", label: "Version", value: "1.8.3", href: "https://code.example/commit/a1b2c3d" },
      { key: "commitSHA", label: "Commit", value: "a1b2c3d4e5f6", href: undefined },
      { key: "goVersion", label: "Built with Go", value: NOT_AVAILABLE, href: undefined },
      { key: "os", label: "Operating system", value: "linux", href: undefined },
      { key: "arch", label: "Processor type", value: NOT_AVAILABLE, href: undefined },
    ]);
  });
  it("does not link the version when the commit is unknown", () => {
    expect(versionRows({ version: "0.1.0", commitSHA: " " })[0]?.href).toBeUndefined();
  });
  it("splits a key it does not know into words", () => {
    expect(versionRows({ buildDate: "2026-11-26" })[0]?.label).toBe("Build date");
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "@/drive/api/api-client";
import { actionErrorMessage, itemsLabel } from "@/drive/errors/action-error";
import { joinPath as joinFolder, pathSegments } from "@/drive/files/folder-path";
import { nameError } from "../validate-name";

const apiError = (status: number, message = "x: boom") =>
  new ApiError(status, "", new Headers(), { code: status, message });

describe("nameError", () => {
  it("accepts ordinary names", () => {
    expect(nameError("report (1).pdf")).toBeUndefined();
    expect(nameError(" spaced ")).toBeUndefined();
  });
  it("refuses empty, dot names, slashes and NUL", () => {
    expect(nameError("  ")).toBe("Enter a name");
    expect(nameError(".")).toMatch(/not allowed/);
    expect(nameError("..")).toMatch(/not allowed/);
    expect(nameError("a/b")).toBe("A name can't contain /");
    expect(nameError("a\0b")).toMatch(/control/);
  });
});

describe("actionErrorMessage", () => {
  it("explains conflicts, permissions and missing items", () => {
    expect(actionErrorMessage(apiError(409), "a.txt")).toBe('An item named "a.txt" already exists here');
    expect(actionErrorMessage(apiError(403))).toBe("You don't have permission to do that");
    expect(actionErrorMessage(apiError(404), "a.txt")).toBe('"a.txt" no longer exists');
  });
  it("reduces other server messages and names network faults", () => {
    expect(actionErrorMessage(apiError(500, "db: disk full"))).toBe("disk full");
    expect(actionErrorMessage(new TypeError("Failed to fetch"))).toBe("Can't reach the server. Check your connection.");
  });
  it("labels one or several items", () => {
    expect(itemsLabel([{ name: "a" }])).toBe('"a"');
    expect(itemsLabel([{ name: "a" }, { name: "b" }])).toBe("2 items");
  });
});

describe("folder paths", () => {
  it("splits and joins", () => {
    expect(pathSegments("/a/b")).toEqual(["a", "b"]);
    expect(pathSegments("/")).toEqual([]);
    expect(joinFolder("/", "x")).toBe("/x");
    expect(joinFolder("/a", "x y")).toBe("/a/x y");
  });
});

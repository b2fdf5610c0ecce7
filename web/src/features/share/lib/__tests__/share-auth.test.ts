import { afterEach, describe, expect, it } from "vitest";
import { joinPath as childPath } from "@/drive/files/folder-path";
import { shareLink } from "@/drive/shares/share-link";
import { endOfDay } from "@/lib/dates";
import { shareAuthorization, shareContentUrl, sharePasswords } from "../share-auth";

describe("shareAuthorization", () => {
  it("is base64 of ':' + password", () => {
    expect(shareAuthorization("secret")).toBe(btoa(":secret"));
  });
  it("encodes non-Latin passwords as UTF-8", () => {
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(shareAuthorization("пароль🔑")), (c) => c.charCodeAt(0)),
    );
    expect(decoded).toBe(":пароль🔑");
  });
});

describe("share passwords", () => {
  afterEach(() => sessionStorage.clear());
  it("are kept per share in session storage", () => {
    expect(sharePasswords.get("a")).toBe("");
    sharePasswords.set("a", "pw");
    expect(sharePasswords.get("a")).toBe("pw");
    expect(sharePasswords.get("b")).toBe("");
    sharePasswords.clear("a");
    expect(sharePasswords.get("a")).toBe("");
  });
});

describe("share URLs", () => {
  it("builds the link and encoded content URLs", () => {
    expect(shareLink("https://d.example", "s1")).toBe("https://d.example/share/s1");
    expect(
      shareContentUrl({ origin: "https://d.example", shareId: "s1", fileId: "f1", name: "a b#?.txt", download: true }),
    ).toBe("https://d.example/api/shares/s1/files/f1/a%20b%23%3F.txt?download=1");
  });
  it("joins folder paths", () => {
    expect(childPath("/", "a")).toBe("/a");
    expect(childPath("/a", "b c")).toBe("/a/b c");
  });
  it("turns a date input into the end of that day", () => {
    const iso = endOfDay("2030-05-01");
    expect(iso && new Date(iso).getDate()).toBe(1);
    expect(iso && new Date(iso).getHours()).toBe(23);
    expect(endOfDay("")).toBeUndefined();
  });
});

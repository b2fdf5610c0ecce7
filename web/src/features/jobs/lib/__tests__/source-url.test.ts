import { describe, expect, it } from "vitest";
import { canRetry, isActive, patterns, stateText } from "../job-text";
import { EMPTY_SOURCE, sourceLabel, sourceUrl } from "../source-url";

describe("sourceUrl", () => {
  it("takes a link as given and refuses one without http(s)", () => {
    expect(sourceUrl({ ...EMPTY_SOURCE, address: " https://example.com/a b.zip " })).toEqual({
      url: "https://example.com/a%20b.zip",
    });
    expect(sourceUrl({ ...EMPTY_SOURCE, address: "ftp://x/y" })).toEqual({
      error: "Enter a link that starts with http:// or https://",
    });
  });

  it("builds WebDAV and SFTP URLs with escaped credentials, a folder and a key", () => {
    const dav = {
      ...EMPTY_SOURCE,
      kind: "dav" as const,
      address: "dav.example.com:8443",
      path: "Photos/2024",
      user: "me",
      password: "p@ss:w/rd",
    };
    expect(sourceUrl(dav)).toEqual({ url: "davs://me:p%40ss%3Aw%2Frd@dav.example.com:8443/Photos/2024" });
    expect(sourceUrl({ ...dav, secure: false, user: "" })).toEqual({ url: "dav://dav.example.com:8443/Photos/2024" });
    const sftp = {
      ...EMPTY_SOURCE,
      kind: "sftp" as const,
      address: "sftp://host:2222/",
      path: "/srv/x",
      user: "bob",
      privateKey: "-----BEGIN KEY-----\nabc\n",
    };
    expect(sourceUrl(sftp)).toEqual({
      url: "sftp://bob@host:2222/srv/x?privateKey=-----BEGIN%20KEY-----%0Aabc",
    });
    expect(sourceUrl({ ...sftp, user: "" })).toEqual({ error: "Enter the user name" });
    expect(sourceUrl({ ...EMPTY_SOURCE, kind: "local", path: "/srv/media" })).toEqual({ url: "local:///srv/media" });
  });

  it("shows a source without its password or key", () => {
    expect(sourceLabel("sftp://bob:secret@host/x?privateKey=abc")).toBe("sftp://bob@host/x");
  });
});

describe("job text", () => {
  it("names states in plain words and knows which can be retried", () => {
    expect(stateText("discarded")).toBe("Failed");
    expect(isActive("running")).toBe(true);
    expect(canRetry("running")).toBe(false);
    expect(canRetry("cancelled")).toBe(true);
    expect(patterns("*.jpg, *.png\n\nraw/**")).toEqual(["*.jpg", "*.png", "raw/**"]);
    expect(patterns(" ")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { instructions, shellQuote, urlParts, webdavUrl } from "../instructions";

describe("connect instructions", () => {
  it("puts the WebDAV URL on the origin the client came from", () => {
    expect(webdavUrl("https://drive.example.com")).toBe("https://drive.example.com/webdav/");
    expect(urlParts("https://drive.example.com:8443/webdav/")).toEqual({
      https: true,
      host: "drive.example.com:8443",
      path: "/webdav/",
    });
  });

  it("quotes what goes into shell commands", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it("fills in the key once there is one, a placeholder before", () => {
    const url = "https://d.example/webdav/";
    const rclone = (key: string | null) => instructions(url, key).find((i) => i.id === "rclone")?.code ?? "";
    expect(rclone(null)).toContain("pass='YOUR-API-KEY'");
    expect(rclone("tdk_abc")).toContain(
      "url='https://d.example/webdav/' vendor=other user=drive pass='tdk_abc' --obscure",
    );
    expect(rclone("tdk_abc")).toContain("rclone mount drive:");
    expect(instructions(url, null).map((i) => i.id)).toEqual(["rclone", "windows", "macos", "linux", "android"]);
  });
});

import { describe, expect, it } from "vitest";
import { attachmentHeader } from "../content-disposition";

describe("attachmentHeader", () => {
  it("gives an ASCII fallback and the UTF-8 name (RFC 8187)", () => {
    expect(attachmentHeader("Photos.zip")).toBe(`attachment; filename="Photos.zip"; filename*=UTF-8''Photos.zip`);
    expect(attachmentHeader("Café (1)'s *.zip")).toBe(
      `attachment; filename="Caf_ (1)'s *.zip"; filename*=UTF-8''Caf%C3%A9%20%281%29%27s%20%2A.zip`,
    );
  });
  it("cannot be broken out of by quotes, backslashes or line breaks", () => {
    const header = attachmentHeader('a"b\\c\r\nSet-Cookie: x.zip');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith(`attachment; filename="a_b_c__Set-Cookie: x.zip"; filename*=UTF-8''a%22b%5Cc%0D%0A`)).toBe(
      true,
    );
  });
});

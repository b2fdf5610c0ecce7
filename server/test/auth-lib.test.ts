import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../src/auth/passwords.js";
import { isPhoneAllowed, normalisePhone } from "../src/auth/phone.js";
import { appNameFromUserAgent } from "../src/auth/user-agent.js";
import { avatarSvg, initials } from "../src/users/avatar.js";

describe("normalisePhone", () => {
  it.each([
    ["+15551234567", "+15551234567"],
    ["+1 (555) 123-4567", "+15551234567"],
    ["  +44 20.7946.0018 ", "+442079460018"],
    ["0015551234567", "+15551234567"],
  ])("%s -> %s", (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each(["", "15551234567", "+1234567", "+0155512345", "+1555123456789012", "+1555abc4567", "++15551234567"])(
    "refuses %j",
    (input) => {
      expect(normalisePhone(input)).toBeNull();
    },
  );

  it("checks ALLOWED_PHONES entries in any spacing", () => {
    expect(isPhoneAllowed("+15551234567", undefined)).toBe(true);
    expect(isPhoneAllowed("+15551234567", ["+1 555 123 4567"])).toBe(true);
    expect(isPhoneAllowed("+15551234568", ["+1 555 123 4567"])).toBe(false);
  });
});

describe("password hashes", () => {
  it("count every byte of a long password, where bcrypt alone stops at 72", async () => {
    const base = "é".repeat(36); // 72 bytes
    const hash = await hashPassword(`${base}one`);
    expect(await verifyPassword(`${base}one`, hash)).toBe(true);
    expect(await verifyPassword(`${base}two`, hash)).toBe(false);
    expect(await bcrypt.compare(`${base}two`, await bcrypt.hash(`${base}one`, 4))).toBe(true);
  });

  it("still accept hashes made before, of the password itself", async () => {
    const legacy = await bcrypt.hash("old secret", 4);
    expect(await verifyPassword("old secret", legacy)).toBe(true);
    expect(await verifyPassword("other", legacy)).toBe(false);
  });
});

describe("appNameFromUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      "Chrome on Linux",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Windows"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    ["curl/8.5.0", "curl/8.5.0"],
    [undefined, "Unknown app"],
  ])("%s -> %s", (ua, expected) => {
    expect(appNameFromUserAgent(ua)).toBe(expected);
  });
});

describe("avatar", () => {
  it("takes initials from names and the last digits from phone numbers", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("ada")).toBe("A");
    expect(initials("Jean-Luc de Picard")).toBe("JP");
    expect(initials("+15551234567")).toBe("67");
    expect(initials("")).toBe("?");
  });

  it("escapes the name in the SVG", () => {
    const svg = avatarSvg(1, `<script>alert("x")</script> & Co`);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;");
  });
});

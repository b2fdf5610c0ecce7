import { describe, expect, it } from "vitest";
import { formatPhoneInput, toE164 } from "../phone";

describe("formatPhoneInput", () => {
  it("formats national numbers for the chosen country as they are typed", () => {
    expect(formatPhoneInput("2133734253", "213373425", "US")).toBe("(213) 373-4253");
    expect(formatPhoneInput("07400123456", "0740012345", "GB")).toBe("07400 123456");
  });
  it("formats international numbers whatever the country", () => {
    expect(formatPhoneInput("+447400123456", "+44740012345", "US")).toBe("+44 7400 123456");
  });
  it("leaves text alone while deleting, so a bracket can be removed", () => {
    expect(formatPhoneInput("(213", "(213)", "US")).toBe("(213");
    expect(formatPhoneInput("(213) 37", "(213) 373", "US")).toBe("(213) 37");
  });
  it("formats a digit typed before the field showed the formatted text (shorter, yet one digit more)", () => {
    expect(formatPhoneInput("5550017", "(555) 001", "US")).toBe("(555) 001-7");
  });
});

describe("toE164", () => {
  it("turns national and international input into +digits", () => {
    expect(toE164("(213) 373-4253", "US")).toBe("+12133734253");
    expect(toE164("07400 123456", "GB")).toBe("+447400123456");
    expect(toE164("+1 555 000 1234", "DE")).toBe("+15550001234");
  });
  it("refuses text that cannot be a phone number", () => {
    expect(toE164("", "US")).toBeUndefined();
    expect(toE164("12", "US")).toBeUndefined();
    expect(toE164("hello", "US")).toBeUndefined();
  });
});

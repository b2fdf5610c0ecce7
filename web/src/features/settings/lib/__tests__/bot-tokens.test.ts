import { describe, expect, it } from "vitest";
import { BOT_TOKEN_PATTERN, INVALID_TOKEN_MESSAGE, isValidBotTokenText, parseBotTokens } from "../bot-tokens";

const token = (id = "1234567890") => `${id}:${"A".repeat(20)}b_c-${"9".repeat(11)}`;

describe("bot tokens", () => {
  it("accepts 10 digits, a colon and 35 of [A-Za-z0-9_-]", () => {
    expect(token()).toHaveLength(46);
    expect(BOT_TOKEN_PATTERN.test(token())).toBe(true);
  });
  it.each([
    ["9 digits", `123456789:${"a".repeat(35)}`],
    ["11 digits", `12345678901:${"a".repeat(35)}`],
    ["34 characters", `1234567890:${"a".repeat(34)}`],
    ["36 characters", `1234567890:${"a".repeat(36)}`],
    ["a forbidden character", `1234567890:${"a".repeat(34)}!`],
    ["no colon", `1234567890${"a".repeat(35)}`],
  ])("rejects a token with %s", (_, value) => {
    expect(BOT_TOKEN_PATTERN.test(value)).toBe(false);
  });
  it("splits on newlines and trims each token", () => {
    expect(parseBotTokens(`  ${token()}  \r\n\n${token("0987654321")}\n`)).toEqual([token(), token("0987654321")]);
  });
  it("validates every line and needs at least one token", () => {
    expect(isValidBotTokenText(`${token()}\n${token("1111111111")}`)).toBe(true);
    expect(isValidBotTokenText(`${token()}\nnot a token`)).toBe(false);
    expect(isValidBotTokenText("   \n")).toBe(false);
    expect(INVALID_TOKEN_MESSAGE).toBe("Invalid Token format");
  });
});

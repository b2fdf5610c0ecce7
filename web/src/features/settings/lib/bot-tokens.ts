/** A bot token as the spec defines it: 10 digits, a colon, 35 of [A-Za-z0-9_-]. */
export const BOT_TOKEN_PATTERN = /^\d{10}:[A-Za-z0-9_-]{35}$/;
export const INVALID_TOKEN_MESSAGE = "Invalid Token format";

/** The tokens in the text, one per line, trimmed; blank lines are skipped. */
export function parseBotTokens(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** True when the text holds at least one token and every line is a valid token. */
export function isValidBotTokenText(text: string): boolean {
  const tokens = parseBotTokens(text);
  return tokens.length > 0 && tokens.every((token) => BOT_TOKEN_PATTERN.test(token));
}

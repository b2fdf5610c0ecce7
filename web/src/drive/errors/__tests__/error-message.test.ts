import { describe, expect, it } from "vitest";
import { ApiError } from "@/drive/api/api-client";
import {
  describeError,
  errorText,
  isRetryable,
  reduceServerMessage,
  serverErrorText,
  UNKNOWN_ERROR,
} from "../error-message";

const apiError = (body: unknown, status = 500) => new ApiError(status, "Internal Server Error", new Headers(), body);

describe("reduceServerMessage", () => {
  it("keeps the text after the last colon, trimmed", () => {
    expect(reduceServerMessage("operation Users_addBots: decode: bad token ")).toBe("bad token");
  });
  it("keeps a message without a colon whole", () => {
    expect(reduceServerMessage("  channel not found ")).toBe("channel not found");
  });
  it("gives empty text for a message ending in a colon", () => {
    expect(reduceServerMessage("failed:")).toBe("");
  });
});

describe("serverErrorText", () => {
  it("reduces a {code, message} body", () => {
    expect(serverErrorText(apiError({ code: 409, message: "conflict: the channel still holds files" }))).toBe(
      "the channel still holds files",
    );
  });
  it("reads the error_message shape of validation errors", () => {
    expect(serverErrorText(apiError({ error_message: "operation X: decode params: invalid id" }, 400))).toBe(
      "invalid id",
    );
  });
  it("reads a plain text body", () => {
    expect(serverErrorText(apiError("invalid token\n", 401))).toBe("invalid token");
  });
  it("is undefined for errors that are not API errors", () => {
    expect(serverErrorText(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(serverErrorText("boom")).toBeUndefined();
  });
  it("is undefined for an API error without any message", () => {
    expect(serverErrorText(apiError(""))).toBeUndefined();
    expect(serverErrorText(apiError({ message: "oops:" }))).toBeUndefined();
  });
});

describe("a locked item (423)", () => {
  const locked =
    '"a: b.txt" is locked by an app connected over WebDAV, so it can\'t be changed now. Try again when that app has unlocked it.';
  it("shows the server's sentence whole, colons in the name included", () => {
    expect(serverErrorText(apiError({ code: 423, message: locked }, 423))).toBe(locked);
  });
  it("says what happened when the server gave no text", () => {
    expect(describeError(apiError("", 423))).toMatch(/locked by an app connected over WebDAV/);
  });
});

describe("a changed SFTP host key", () => {
  it("is shown whole: its fingerprints hold colons", () => {
    const text = "host key changed: the SFTP server h port 22 presents SHA256:abc, not SHA256:def given in the source.";
    expect(serverErrorText(apiError({ code: 400, message: text }, 400))).toBe(text);
  });
});

describe("errorText", () => {
  it("falls back to the spec's unknown-error sentence", () => {
    expect(errorText(new Error("network down"))).toBe(UNKNOWN_ERROR);
    expect(UNKNOWN_ERROR).toBe("An unknown error occurred.");
  });
  it("uses the reduced server text when there is one", () => {
    expect(errorText(apiError({ message: "x: sync failed upstream" }))).toBe("sync failed upstream");
  });
});

describe("known server internals", () => {
  it("become sentences a user can act on", () => {
    expect(
      serverErrorText(apiError({ code: 400, message: "invalid regular expression: brackets [] not balanced" }, 400)),
    ).toBe("The search pattern is not a valid regular expression.");
    expect(serverErrorText(apiError({ code: 500, message: "rpc error: code = Internal desc = FLOOD_WAIT" }))).toBe(
      "The server ran into a problem. Try again in a moment.",
    );
    expect(serverErrorText(apiError({ code: 500, message: "Internal Server Error" }))).toBe(
      "The server ran into a problem. Try again in a moment.",
    );
    expect(serverErrorText(apiError("<html>bad gateway</html>", 502))).toBe(
      "The server can't be reached right now. Try again in a moment.",
    );
  });
  it("leave other messages to the spec's rule", () => {
    expect(serverErrorText(apiError({ code: 409, message: "conflict: name taken" }, 409))).toBe("name taken");
  });
});

describe("describeError and isRetryable", () => {
  it("names connection failures", () => {
    expect(describeError(new TypeError("Failed to fetch"))).toBe("Can't reach the server. Check your connection.");
    expect(describeError(new DOMException("t", "TimeoutError"))).toBe("The server took too long to answer.");
    expect(describeError(new Error("bug"))).toBe(UNKNOWN_ERROR);
  });
  it("offers a retry only where another try can get another answer", () => {
    expect(isRetryable(apiError({}, 400))).toBe(false);
    expect(isRetryable(apiError({}, 404))).toBe(false);
    expect(isRetryable(apiError({}, 429))).toBe(true);
    expect(isRetryable(apiError({}, 500))).toBe(true);
    expect(isRetryable(new TypeError("Failed to fetch"))).toBe(true);
  });
});

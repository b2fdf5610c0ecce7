import { describe, expect, it } from "vitest";
import { ApiError } from "../api-client";
import { errorText, reduceServerMessage, serverErrorText, UNKNOWN_ERROR } from "../error-message";

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

describe("errorText", () => {
  it("falls back to the spec's unknown-error sentence", () => {
    expect(errorText(new Error("network down"))).toBe(UNKNOWN_ERROR);
    expect(UNKNOWN_ERROR).toBe("An unknown error occurred.");
  });
  it("uses the reduced server text when there is one", () => {
    expect(errorText(apiError({ message: "x: sync failed upstream" }))).toBe("sync failed upstream");
  });
});

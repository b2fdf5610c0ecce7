import { describe, expect, it } from "vitest";
import { api, fillPath } from "../api-client";

describe("fillPath", () => {
  it("puts each path parameter in its place, percent-encoded", () => {
    expect(fillPath("/files/{id}/copy", { id: "a b/c" })).toBe("/files/a%20b%2Fc/copy");
    expect(fillPath("/users/channels/{id}", { id: "42" })).toBe("/users/channels/42");
  });

  it("refuses a missing parameter instead of calling /files/undefined", () => {
    expect(() => fillPath("/files/{id}", {})).toThrow("missing path parameter id");
  });
});

// Never called: `npm run typecheck` fails when the contract's types stop catching these mistakes.
export function callsTheContractRefuses() {
  // @ts-expect-error not a path of the contract
  void api.get("/no-such-path");
  // @ts-expect-error GET /files/{id} needs its id
  void api.get("/files/{id}");
  // @ts-expect-error POST /files/move takes ids and destinationParent
  void api.post("/files/move", { body: { id: "x" } });
  // @ts-expect-error sort is one of the contract's fields
  void api.get("/files", { query: { sort: "colour" } });
  // @ts-expect-error /files/categories answers no POST
  void api.post("/files/categories");
}

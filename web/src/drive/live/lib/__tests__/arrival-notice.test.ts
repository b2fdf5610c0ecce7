import { describe, expect, it } from "vitest";
import { arrivalNotice, byRequest } from "../arrival-notice";
import { actionOf } from "../live-message";

const arrival = (requestId: string, fileName: string) => ({
  requestId,
  title: requestId === "r1" ? "Receipts" : "Photos",
  folderName: "Tax",
  fileName,
});

describe("file request arrivals", () => {
  it("are read from the live stream's requests.received events", () => {
    const data = JSON.stringify({
      type: "requests.received",
      source: { id: "f1", name: "a.pdf", request: { id: "r1", title: "Receipts", folderName: "Tax", uploads: 1 } },
    });
    expect(actionOf(data)).toEqual({
      kind: "request",
      requestId: "r1",
      title: "Receipts",
      folderName: "Tax",
      fileName: "a.pdf",
    });
    expect(actionOf(JSON.stringify({ type: "requests.received", source: { id: "f1" } }))).toEqual({ kind: "none" });
  });

  it("make one notice per request", () => {
    const groups = byRequest([arrival("r1", "a.pdf"), arrival("r2", "b.jpg"), arrival("r1", "c.pdf")]);
    expect(groups.map(arrivalNotice)).toEqual([
      '2 files arrived in "Tax" via request "Receipts"',
      '"b.jpg" arrived in "Tax" via request "Photos"',
    ]);
  });
});

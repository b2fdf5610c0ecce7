import { describe, expect, it } from "vitest";
import { actionOf, nextRemoteUploads, REMOTE_UPLOAD_QUIET_MS, withoutFinished } from "../live-message";

const event = (type: string, source: object) => JSON.stringify({ id: "e", type, createdAt: "", source });

describe("actionOf", () => {
  it("refetches files on every files.* event and knows the name of a created one", () => {
    expect(actionOf(event("files.moved", { id: "1", name: "a" }))).toEqual({ kind: "files" });
    expect(actionOf(event("files.created", { id: "1", name: "a.txt" }))).toEqual({ kind: "files", created: "a.txt" });
  });
  it("reads reload, upload progress and jobs, and ignores what it does not know", () => {
    expect(actionOf(JSON.stringify({ type: "reload", reason: "overflow" }))).toEqual({ kind: "reload" });
    expect(actionOf(event("uploads.progress", { id: "u", name: "v.mp4", progress: { bytes: 42 } }))).toEqual({
      kind: "upload",
      id: "u",
      name: "v.mp4",
      bytes: 42,
    });
    expect(actionOf(event("jobs.progress", { id: "j", name: "x" }))).toEqual({ kind: "jobs" });
    expect(actionOf(event("things.happened", {}))).toEqual({ kind: "none" });
    expect(actionOf("not json")).toEqual({ kind: "none" });
  });
});

describe("remote uploads", () => {
  it("keeps one entry per upload, drops this tab's own and quiet ones, and finished ones by name", () => {
    const a = nextRemoteUploads([], { upload: { id: "a", name: "a.bin", bytes: 10 }, now: 0 });
    const a2 = nextRemoteUploads(a, { upload: { id: "a", name: "a.bin", bytes: 20 }, now: 5 });
    expect(a2).toEqual([{ id: "a", name: "a.bin", bytes: 20, at: 5 }]);
    expect(nextRemoteUploads(a2, { upload: { id: "b", name: "b", bytes: 1 }, now: 6, own: new Set(["b"]) })).toEqual(
      a2,
    );
    expect(nextRemoteUploads(a2, { now: 5 + REMOTE_UPLOAD_QUIET_MS })).toEqual([]);
    expect(withoutFinished(a2, "a.bin")).toEqual([]);
  });
});

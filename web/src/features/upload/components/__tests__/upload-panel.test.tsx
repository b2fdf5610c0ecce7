import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { UploadItem } from "../../lib/upload-queue";
import { uploadQueue } from "../../upload-service";
import { UploadPanel } from "../upload-panel";

const item = (over: Partial<UploadItem>): UploadItem => ({
  key: "k",
  name: "a.bin",
  folderPath: "/",
  size: 1000,
  loaded: 0,
  status: "queued",
  totalParts: 1,
  lastModified: 0,
  partsDone: 0,
  ...over,
});

afterEach(() => uploadQueue.store.setState({ items: [], clash: null, speed: 0, batch: [] }));

describe("UploadPanel", () => {
  it("renders nothing visible without uploads", () => {
    render(<UploadPanel />);
    expect(screen.queryByRole("region", { name: "Uploads" })).toBeNull();
  });

  it("shows overall and per-file progress, speed and time left", () => {
    uploadQueue.store.setState({
      speed: 100,
      batch: ["a", "b", "c"],
      items: [
        item({ key: "a", name: "a.bin", status: "uploading", loaded: 250 }),
        item({ key: "b", name: "b.bin", status: "queued" }),
        item({ key: "c", name: "c.bin", status: "done", loaded: 1000 }),
      ],
    });
    render(<UploadPanel />);
    const panel = screen.getByRole("region", { name: "Uploads" });
    expect(within(panel).getByRole("heading")).toHaveTextContent("Uploading 2 files");
    expect(within(panel).getByRole("progressbar", { name: "All uploads" })).toHaveAttribute("aria-valuenow", "41");
    expect(within(panel).getByRole("progressbar", { name: "Upload of a.bin" })).toHaveAttribute("aria-valuenow", "25");
    expect(panel).toHaveTextContent("1.2 KB of 2.9 KB");
    expect(panel).toHaveTextContent("18 s left");
    expect(within(panel).getByRole("button", { name: "Cancel all uploads" })).toBeVisible();
    expect(within(panel).getByRole("button", { name: "Cancel a.bin" })).toBeVisible();
  });

  it("shows a failure with its reason and Retry, and collapses", async () => {
    uploadQueue.store.setState({ items: [item({ status: "failed", error: "Server answered 400: nope" })] });
    render(<UploadPanel />);
    expect(screen.getByRole("heading")).toHaveTextContent("1 upload failed");
    expect(screen.getByRole("alert")).toHaveTextContent("Server answered 400: nope");
    expect(screen.getByRole("button", { name: "Retry a.bin" })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Collapse uploads" }));
    expect(screen.queryByRole("button", { name: "Retry a.bin" })).toBeNull();
    expect(screen.getByRole("button", { name: "Expand uploads" })).toHaveAttribute("aria-expanded", "false");
  });

  it("asks about a name clash", () => {
    uploadQueue.store.setState({
      items: [item({ status: "preparing" })],
      clash: { key: "k", name: "a.bin", folderPath: "/Docs" },
    });
    render(<UploadPanel />);
    const dialog = screen.getByRole("dialog", { name: "File already exists" });
    expect(dialog).toHaveTextContent('"a.bin" already exists in /Docs.');
    for (const name of ["Replace", "Keep both", "Skip"])
      expect(within(dialog).getByRole("button", { name })).toBeVisible();
  });
});

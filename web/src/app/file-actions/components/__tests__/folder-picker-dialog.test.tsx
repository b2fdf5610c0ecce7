import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generationQueryOptions } from "@/drive/api/generation";
import { queryClient } from "@/drive/api/query-client";
import { toFileItem } from "@/drive/files/file-item";
import { FolderPickerDialog } from "../folder-picker-dialog";

const report = toFileItem({
  id: "report",
  name: "report.pdf",
  type: "file",
  mimeType: "application/pdf",
  parentId: "docs",
  size: 10,
  updatedAt: "2026-11-01T00:00:00Z",
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

// The browser's fetch, answered by the test: the lookup of /Docs waits until `findDocs` is called.
let findDocs: () => void;
let copies: { newName?: string }[];

beforeEach(() => {
  copies = [];
  queryClient.setQueryData(generationQueryOptions().queryKey, "A");
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const { pathname, searchParams } = new URL(url, "http://drive.test");
    if (pathname.endsWith("/copy")) {
      const body = JSON.parse(String(init.body)) as { newName?: string };
      copies.push(body);
      // The first try keeps the name, which the folder already has.
      return Promise.resolve(body.newName ? json({}) : json({ message: "file exists" }, 409));
    }
    if (searchParams.get("operation") === "find") {
      return new Promise<Response>((resolve) => {
        findDocs = () =>
          resolve(json({ items: [{ id: "docs", name: "Docs", type: "folder" }], meta: { count: 1, totalPages: 1 } }));
      });
    }
    return Promise.resolve(json({ items: [], meta: { count: 0, totalPages: 1, currentPage: 1 } }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("FolderPickerDialog", () => {
  it("offers Copy here once it knows the folder, so a copy beside its original is named Copy of …", async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <FolderPickerDialog mode="copy" items={[report]} startPath="/Docs" onClose={() => {}} />
      </QueryClientProvider>,
    );
    const copyHere = screen.getByRole("button", { name: "Copy here" });
    expect(copyHere).toBeDisabled();
    findDocs();
    await waitFor(() => expect(copyHere).toBeEnabled());
    await userEvent.click(copyHere);
    await waitFor(() => expect(copies.map((c) => c.newName)).toEqual([undefined, "Copy of report.pdf"]));
  });
});

import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toFileItem } from "@/drive/files/file-item";
import { ShareFileGrid } from "../share-file-grid";
import { ShareFileTable } from "../share-file-table";

const items = [
  toFileItem({ id: "d", name: "beach", type: "folder", mimeType: "drive/folder", updatedAt: "2025-01-30T09:00:00Z" }),
  toFileItem({
    id: "f",
    name: "report.pdf",
    type: "file",
    mimeType: "application/pdf",
    size: 2048,
    updatedAt: "2025-01-31T10:20:00Z",
  }),
];
const none = () => {};

describe("the public share's rows and cards", () => {
  it("announce each list row as the drive's rows do: name, type, size, date", () => {
    render(
      <ShareFileTable
        label="Holiday"
        items={items}
        sort={{ sort: "name", order: "asc" }}
        onSortChange={none}
        onOpen={none}
        onDownload={none}
      />,
    );
    const grid = screen.getByRole("grid", { name: "Holiday" });
    expect(within(grid).getByRole("row", { name: /^report\.pdf,/ })).toHaveAccessibleName(
      /^report\.pdf, PDF file, 2 KB, modified Jan 31, 2025/,
    );
    // A folder has no size.
    expect(within(grid).getByRole("row", { name: /^beach,/ })).toHaveAccessibleName(
      /^beach, Folder, modified Jan 30, 2025/,
    );
    // The header row keeps its own name; the Download button inside a row keeps its own.
    expect(within(grid).getByRole("button", { name: "Download report.pdf" })).toBeInTheDocument();
  });

  it("announce each grid card the same way", () => {
    render(<ShareFileGrid label="Holiday" items={items} onOpen={none} onDownload={none} />);
    const grid = screen.getByRole("grid", { name: "Holiday" });
    expect(within(grid).getByRole("gridcell", { name: /^report\.pdf,/ })).toHaveAccessibleName(
      /^report\.pdf, PDF file, 2 KB, modified Jan 31, 2025/,
    );
    expect(within(grid).getByRole("gridcell", { name: /^beach,/ })).toHaveAccessibleName(
      /^beach, Folder, modified Jan 30, 2025/,
    );
    expect(within(grid).getByRole("button", { name: "report.pdf" })).toBeInTheDocument();
  });
});

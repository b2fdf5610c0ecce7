import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NameDialog } from "../name-dialog";

function setup(onSubmit = vi.fn(async () => {})) {
  const onClose = vi.fn();
  render(
    <NameDialog
      title="Rename file"
      label="New name"
      initialName="report.pdf"
      submitLabel="Rename"
      pending={false}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onSubmit, onClose, input: screen.getByLabelText("New name") };
}

describe("NameDialog", () => {
  it("refuses names with a slash, dot names and empty names before sending", async () => {
    const { onSubmit, input } = setup();
    const cases: [string, string][] = [
      ["a/b", "A name can't contain /"],
      ["..", '".." is not allowed as a name'],
      [" ", "Enter a name"],
    ];
    for (const [value, message] of cases) {
      await userEvent.clear(input);
      await userEvent.type(input, value);
      expect(screen.getByRole("alert")).toHaveTextContent(message);
      expect(screen.getByRole("button", { name: "Rename" })).toBeDisabled();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the trimmed name and closes on success", async () => {
    const { onSubmit, onClose, input } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, "  final.pdf {Enter}");
    expect(onSubmit).toHaveBeenCalledWith("final.pdf");
    expect(onClose).toHaveBeenCalled();
  });

  it("stays open when the server refuses", async () => {
    const { onClose, input } = setup(vi.fn(async () => Promise.reject(new Error("409"))));
    await userEvent.type(input, "{Enter}");
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Rename file" })).toBeVisible();
  });
});

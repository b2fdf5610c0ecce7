import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "../confirm-dialog";
import { Dialog } from "../dialog";

function Opener({ mountOnOpen }: { mountOnOpen: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog open={open} onOpenChange={setOpen} title="New folder">
      <label>
        Name
        <input autoFocus />
      </label>
    </Dialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {mountOnOpen ? open && dialog : dialog}
    </>
  );
}

describe("Dialog", () => {
  it.each([
    ["kept mounted", false],
    ["mounted on open", true],
  ])("traps focus inside and returns it to the opener on Escape (%s)", async (_, mountOnOpen) => {
    const user = userEvent.setup();
    render(<Opener mountOnOpen={mountOnOpen} />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "New folder" });
    expect(screen.getByLabelText("Name")).toHaveFocus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: "Open" })).toHaveFocus());
  });
});

describe("ConfirmDialog", () => {
  it("asks with No and Yes and reports Yes", async () => {
    const user = userEvent.setup();
    let confirmed = 0;
    render(
      <ConfirmDialog
        open
        onOpenChange={() => {}}
        title="Are you sure to delete this channel"
        onConfirm={() => {
          confirmed += 1;
        }}
      />,
    );
    expect(screen.getByRole("dialog", { name: "Are you sure to delete this channel" })).toBeVisible();
    expect(screen.getByRole("button", { name: "No" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Yes" }));
    expect(confirmed).toBe(1);
  });
});

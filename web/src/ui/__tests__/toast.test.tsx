import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { toast } from "@/lib/toast";
import { ToastOutlet } from "../toast-outlet";

describe("toast", () => {
  it("shows a loading toast at once by id and replaces it with the outcome", async () => {
    render(<ToastOutlet />);
    const id = toast.loading("Moving 3 items");
    expect(id).toMatch(/^toast-\d+$/);
    expect(await screen.findByText("Moving 3 items")).toBeInTheDocument();
    toast.success("Moved 3 items", { id });
    expect(await screen.findByText("Moved 3 items")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Moving 3 items")).toBeNull());
  });

  it("offers an action that closes the toast and runs once", async () => {
    render(<ToastOutlet />);
    let undone = 0;
    toast.success("Moved 2 items to Docs", { action: { label: "Undo", onClick: () => undone++ } });
    expect(await screen.findByText("Moved 2 items to Docs")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(undone).toBe(1);
    // Dismissed at once (faded out, then removed a second later): a bound for a busy machine, not a timing.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Undo" })).toBeNull(), { timeout: 30_000 });
  });
});

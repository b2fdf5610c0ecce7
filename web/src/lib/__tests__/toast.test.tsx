import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastOutlet } from "@/components/ui/toast-outlet";
import { toast } from "../toast";

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
});

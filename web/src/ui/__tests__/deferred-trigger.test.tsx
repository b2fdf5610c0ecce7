import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { onDemand } from "@/lib/on-demand";
import { DeferredTrigger, type OpenedBy } from "../deferred-trigger";

function setup() {
  const importer = vi.fn(async () => ({ label: "loaded popup" }));
  const mod = onDemand(importer);
  const opened = vi.fn<(by: OpenedBy | undefined) => void>();
  render(
    <DeferredTrigger module={mod} trigger={<button type="button">Menu</button>} popup="menu">
      {(loaded, openedBy) => {
        opened(openedBy);
        return <p>{loaded.label}</p>;
      }}
    </DeferredTrigger>,
  );
  return { importer, opened };
}

describe("DeferredTrigger", () => {
  it("renders the bare trigger, announcing a closed menu, and loads nothing yet", () => {
    const { importer } = setup();
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(importer).not.toHaveBeenCalled();
  });

  it("a click loads the popup and opens it as a pointer opening", async () => {
    const { opened } = setup();
    await userEvent.click(screen.getByRole("button", { name: "Menu" }));
    expect(await screen.findByText("loaded popup")).toBeInTheDocument();
    expect(opened).toHaveBeenLastCalledWith("pointer");
  });

  it("Enter and ArrowDown open it as a keyboard opening; focus alone only starts the download", async () => {
    const user = userEvent.setup();
    const { importer, opened } = setup();
    await user.tab();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("loaded popup")).toBeNull();
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByText("loaded popup")).toBeInTheDocument();
    expect(opened).toHaveBeenLastCalledWith("keyboard");
  });
});

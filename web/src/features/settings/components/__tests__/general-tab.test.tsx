import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, useSettings } from "@/drive/settings/settings-store";
import { ToastOutlet } from "@/ui/toast-outlet";
import { GeneralTab } from "../general-tab";

function renderTab() {
  render(
    <>
      <GeneralTab />
      <ToastOutlet />
    </>,
  );
}

describe("GeneralTab", () => {
  beforeEach(() => {
    localStorage.clear();
    useSettings.setState(DEFAULT_SETTINGS);
  });

  it("shows the spec's defaults", () => {
    renderTab();
    expect(screen.getByLabelText("Page size")).toHaveValue("500");
    expect(screen.getByLabelText("Split file size")).toHaveDisplayValue("500MB");
    expect(screen.getByLabelText("Upload concurrency")).toHaveValue("4");
    expect(screen.getByLabelText("Encrypt files")).not.toBeChecked();
    expect(screen.getByLabelText("Resizer Host")).toHaveValue("");
    expect(screen.getByLabelText("Rclone Media Proxy")).toHaveValue("");
  });

  it("refuses a host that is not a URL and keeps the stored settings", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.type(screen.getByLabelText("Resizer Host"), "not a host");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Must be a valid Host")).toBeInTheDocument();
    expect(screen.getByLabelText("Resizer Host")).toHaveAttribute("aria-invalid", "true");
    expect(useSettings.getState().resizerHost).toBe("");
  });

  it("saves valid values under 'settings' with the split size as bytes", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.clear(screen.getByLabelText("Page size"));
    await user.type(screen.getByLabelText("Page size"), "100");
    await user.selectOptions(screen.getByLabelText("Split file size"), "1GB");
    await user.click(screen.getByLabelText("Encrypt files"));
    await user.type(screen.getByLabelText("Rclone Media Proxy"), "http://127.0.0.1:8081");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem("settings") ?? "{}").state;
    expect(stored).toMatchObject({
      pageSize: "100",
      splitFileSize: 1048576000,
      encryptFiles: true,
      rcloneProxy: "http://127.0.0.1:8081",
    });
  });
});

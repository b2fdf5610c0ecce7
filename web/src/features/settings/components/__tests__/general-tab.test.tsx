import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { type Capabilities, capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { type AccountSettings, accountSettingsQueryOptions } from "@/drive/settings/account-settings";
import { DEFAULT_SETTINGS, useSettings } from "@/drive/settings/settings-store";
import { ToastOutlet } from "@/ui/toast-outlet";
import { GeneralTab } from "../general-tab";

function renderTab(
  capabilities: Capabilities = { ...TELDRIVE_1_8, encryption: true, ownServer: true },
  account?: AccountSettings,
) {
  const client = new QueryClient();
  client.setQueryData(capabilitiesQueryOptions().queryKey, capabilities);
  if (account) client.setQueryData(accountSettingsQueryOptions().queryKey, account);
  render(
    <QueryClientProvider client={client}>
      <GeneralTab />
      <ToastOutlet />
    </QueryClientProvider>,
  );
}

describe("GeneralTab", () => {
  beforeEach(() => {
    localStorage.clear();
    useSettings.setState(DEFAULT_SETTINGS);
  });

  it("shows the spec's defaults", () => {
    renderTab();
    expect(screen.getByLabelText("Items loaded at a time")).toHaveValue("500");
    expect(screen.getByLabelText("Upload big files in pieces of")).toHaveDisplayValue("500MB");
    expect(screen.getByLabelText("Pieces sent at once")).toHaveValue("4");
    expect(screen.getByLabelText("Encrypt files")).not.toBeChecked();
    expect(screen.getByLabelText("Thumbnail service")).toHaveValue("");
    expect(screen.getByLabelText("Media streaming address")).toHaveValue("");
  });

  it("refuses a host that is not a URL and keeps the stored settings", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.type(screen.getByLabelText("Thumbnail service"), "not a host");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Must be a valid Host")).toBeInTheDocument();
    expect(screen.getByLabelText("Thumbnail service")).toHaveAttribute("aria-invalid", "true");
    expect(useSettings.getState().resizerHost).toBe("");
  });

  it("saves valid values under 'settings' with the split size as bytes", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.clear(screen.getByLabelText("Items loaded at a time"));
    await user.type(screen.getByLabelText("Items loaded at a time"), "100");
    await user.selectOptions(screen.getByLabelText("Upload big files in pieces of"), "1GB");
    await user.click(screen.getByLabelText("Encrypt files"));
    await user.type(screen.getByLabelText("Media streaming address"), "http://127.0.0.1:8081");
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

  it("says at the switch that this server cannot encrypt, and offers no switch that would break uploads", () => {
    useSettings.setState({ encryptFiles: true });
    renderTab({ ...TELDRIVE_1_8, encryption: false, ownServer: true });
    const encrypt = screen.getByLabelText("Encrypt files");
    expect(encrypt).toBeDisabled();
    expect(encrypt).not.toBeChecked();
    expect(encrypt).toHaveAccessibleDescription(/can't encrypt files/);
  });

  it("names settings in plain words, with the technical term as help", () => {
    renderTab();
    expect(screen.getByLabelText("Upload big files in pieces of")).toHaveAccessibleDescription(/^Split file size/);
    expect(screen.getByLabelText("Pieces sent at once")).toHaveAccessibleDescription(/^Upload concurrency/);
    expect(screen.getByLabelText("Items loaded at a time")).toHaveAccessibleDescription(/^Page size/);
    expect(screen.getByLabelText("Thumbnail service")).toHaveAccessibleDescription(/^Resizer host/);
    expect(screen.getByLabelText("Media streaming address")).toHaveAccessibleDescription(/^Rclone media proxy/);
  });

  it("shows the account's choice where the server keeps one, over this browser's", () => {
    renderTab({ ...TELDRIVE_1_8, encryption: true, accountSettings: true, ownServer: true }, { encryptFiles: true });
    const encrypt = screen.getByLabelText("Encrypt files");
    expect(encrypt).toBeChecked();
    expect(encrypt).toHaveAccessibleDescription(/Kept with your account/);
  });

  it("shows this browser's choice where the account never made one", () => {
    useSettings.setState({ encryptFiles: true });
    renderTab({ ...TELDRIVE_1_8, encryption: true, accountSettings: true, ownServer: true }, { encryptFiles: null });
    expect(screen.getByLabelText("Encrypt files")).toBeChecked();
  });

  it("keeps to this browser's choice on a server without account settings (Teldrive)", () => {
    useSettings.setState({ encryptFiles: true });
    renderTab({ ...TELDRIVE_1_8, encryption: true }, { encryptFiles: false });
    const encrypt = screen.getByLabelText("Encrypt files");
    expect(encrypt).toBeChecked();
    expect(encrypt).toHaveAccessibleDescription("New uploads are stored encrypted on the server.");
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { queryClient } from "@/drive/api/query-client";
import { accountSettingsQueryOptions, chooseEncryptFiles, encryptFilesChoice } from "../account-settings";
import { DEFAULT_SETTINGS, useSettings } from "../settings-store";

describe("chooseEncryptFiles", () => {
  it("takes the account's choice, else this browser's", () => {
    expect(chooseEncryptFiles({ encryptFiles: true }, false)).toBe(true);
    expect(chooseEncryptFiles({ encryptFiles: false }, true)).toBe(false);
    expect(chooseEncryptFiles({ encryptFiles: null }, true)).toBe(true);
    expect(chooseEncryptFiles(undefined, false)).toBe(false);
  });
});

describe("encryptFilesChoice (what uploads follow)", () => {
  beforeEach(() => {
    queryClient.clear();
    useSettings.setState({ ...DEFAULT_SETTINGS, encryptFiles: false });
  });

  it("follows the account where the server keeps its settings", () => {
    queryClient.setQueryData(capabilitiesQueryOptions().queryKey, { ...TELDRIVE_1_8, accountSettings: true });
    queryClient.setQueryData(accountSettingsQueryOptions().queryKey, { encryptFiles: true });
    expect(encryptFilesChoice()).toBe(true);
  });

  it("follows this browser on a server without them, or before the account's answer", () => {
    queryClient.setQueryData(capabilitiesQueryOptions().queryKey, TELDRIVE_1_8);
    queryClient.setQueryData(accountSettingsQueryOptions().queryKey, { encryptFiles: true });
    expect(encryptFilesChoice()).toBe(false);
    queryClient.setQueryData(capabilitiesQueryOptions().queryKey, { ...TELDRIVE_1_8, accountSettings: true });
    queryClient.removeQueries({ queryKey: accountSettingsQueryOptions().queryKey });
    useSettings.setState({ encryptFiles: true });
    expect(encryptFilesChoice()).toBe(true);
  });
});

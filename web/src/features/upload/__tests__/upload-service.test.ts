import { beforeEach, describe, expect, it } from "vitest";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { queryClient } from "@/drive/api/query-client";
import { DEFAULT_SETTINGS, useSettings } from "@/drive/settings/settings-store";
import { queueSettings } from "../upload-service";

describe("queueSettings", () => {
  beforeEach(() => {
    queryClient.clear();
    useSettings.setState({ ...DEFAULT_SETTINGS, encryptFiles: true });
  });

  it("never asks a server without an encryption key for encrypted parts, which it refuses", () => {
    queryClient.setQueryData(capabilitiesQueryOptions().queryKey, { ...TELDRIVE_1_8, encryption: false });
    expect(queueSettings().encrypted).toBe(false);
  });

  it("encrypts where the server can and the user asked for it", () => {
    queryClient.setQueryData(capabilitiesQueryOptions().queryKey, { ...TELDRIVE_1_8, encryption: true });
    expect(queueSettings().encrypted).toBe(true);
    useSettings.setState({ encryptFiles: false });
    expect(queueSettings().encrypted).toBe(false);
  });
});

import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { composeTitle, setActivityTitle, usePageTitle } from "../document-title";

describe("document title", () => {
  it("puts what runs first, then the page, then the app", () => {
    expect(composeTitle({})).toBe("Drive");
    expect(composeTitle({ page: "Photos" })).toBe("Photos – Drive");
    expect(composeTitle({ page: "Photos", activity: "42% · Uploading 3 files" })).toBe(
      "42% · Uploading 3 files – Photos – Drive",
    );
  });

  it("follows the page shown and the activity", () => {
    const { rerender, unmount } = renderHook(({ page }) => usePageTitle(page), { initialProps: { page: "Recent" } });
    expect(document.title).toBe("Recent – Drive");
    rerender({ page: "Shared" });
    expect(document.title).toBe("Shared – Drive");
    setActivityTitle("3% · Uploading 1 file");
    expect(document.title).toBe("3% · Uploading 1 file – Shared – Drive");
    setActivityTitle(undefined);
    unmount();
    expect(document.title).toBe("Drive");
  });
});

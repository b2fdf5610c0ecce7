import { describe, expect, it } from "vitest";
import { cn } from "../cn";

describe("cn", () => {
  it("lets a later class win a Tailwind conflict, whatever their order in the CSS", () => {
    expect(cn("inline-flex size-10 items-center", "hidden pointer-coarse:inline-flex")).toBe(
      "size-10 items-center hidden pointer-coarse:inline-flex",
    );
    expect(cn("size-10", "size-8")).toBe("size-8");
    expect(cn("h-10 px-5", "h-9 px-3")).toBe("h-9 px-3");
  });

  it("keeps our colour roles apart from font sizes", () => {
    expect(cn("text-sm text-on-surface-variant", "text-error")).toBe("text-sm text-error");
    expect(cn("bg-primary text-on-primary", false, undefined, "bg-error")).toBe("text-on-primary bg-error");
  });
});

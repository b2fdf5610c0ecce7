import { getCountries, getCountryCallingCode } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { CALLING_CODES } from "../calling-codes.gen";
import { countryOptions, defaultCountry } from "../countries";

describe("defaultCountry", () => {
  it("takes the region of the first language that has one", () => {
    expect(defaultCountry(["fr", "de-AT", "en-GB"])).toBe("AT");
  });
  it("falls back to US", () => {
    expect(defaultCountry(["en"])).toBe("US");
    expect(defaultCountry([])).toBe("US");
  });
});

describe("countryOptions", () => {
  it("lists countries with their calling codes", () => {
    const options = countryOptions("en");
    expect(options.find((o) => o.value === "GB")?.label).toBe("United Kingdom (+44)");
    expect(options.length).toBeGreaterThan(200);
  });
});

describe("calling-codes.gen.ts", () => {
  it("matches libphonenumber-js (run npm run gen:calling-codes after upgrading it)", () => {
    expect(CALLING_CODES).toEqual(Object.fromEntries(getCountries().map((c) => [c, getCountryCallingCode(c)])));
  });
});

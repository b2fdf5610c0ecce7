import type { CountryCode } from "libphonenumber-js/min";
import { CALLING_CODES } from "./calling-codes.gen";

export type { CountryCode };

const isCountry = (code: string): code is CountryCode => Object.hasOwn(CALLING_CODES, code);

/** The region of the first language tag that has one ("en-GB" -> "GB"), else "US". */
export function defaultCountry(languages: readonly string[]): CountryCode {
  for (const tag of languages) {
    const region = tag.split("-")[1]?.toUpperCase();
    if (region && isCountry(region)) return region;
  }
  return "US";
}

export interface CountryOption {
  value: CountryCode;
  label: string;
}

/** Every country with its calling code, e.g. "United Kingdom (+44)", sorted by name. */
export function countryOptions(locale: string): CountryOption[] {
  const names = new Intl.DisplayNames([locale, "en"], { type: "region" });
  return Object.keys(CALLING_CODES)
    .filter(isCountry)
    .map((code) => ({ value: code, label: `${names.of(code) ?? code} (+${CALLING_CODES[code]})` }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

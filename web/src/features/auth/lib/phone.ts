import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";

export type { CountryCode };

/**
 * Formats a phone number as it is typed, for `country` unless the text starts with "+".
 * Only when text is added: reformatting while deleting would put back the bracket or space the
 * user just removed.
 */
export function formatPhoneInput(next: string, previous: string, country: CountryCode): string {
  if (next.length <= previous.length) return next;
  return new AsYouType(country).input(next);
}

/** The number in E.164 ("+15551234567"), or undefined when it cannot be a phone number. */
export function toE164(input: string, country: CountryCode): string | undefined {
  const parsed = parsePhoneNumberFromString(input, country);
  return parsed?.isPossible() ? parsed.number : undefined;
}

/** The region of the first language tag that has one ("en-GB" -> "GB"), else "US". */
export function defaultCountry(languages: readonly string[]): CountryCode {
  const known = new Set<string>(getCountries());
  for (const tag of languages) {
    const region = tag.split("-")[1]?.toUpperCase();
    if (region && known.has(region)) return region as CountryCode;
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
  return getCountries()
    .map((code) => ({ value: code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

// The phone metadata is most of the sign-in page's weight: the phone step loads this module on first input.
import { AsYouType, type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * Formats a phone number as it is typed, for `country` unless the text starts with "+".
 * Only when digits are added: reformatting while deleting would put back the bracket or space the user just
 * removed. Digits, not length: a keystroke typed while the formatted text was on its way to the field arrives
 * unformatted and shorter than it, yet adds a digit.
 */
export function formatPhoneInput(next: string, previous: string, country: CountryCode): string {
  if (digits(next) <= digits(previous)) return next;
  return new AsYouType(country).input(next);
}

const digits = (text: string) => text.replace(/\D/g, "").length;

/** The number in E.164 ("+15551234567"), or undefined when it cannot be a phone number. */
export function toE164(input: string, country: CountryCode): string | undefined {
  const parsed = parsePhoneNumberFromString(input, country);
  return parsed?.isPossible() ? parsed.number : undefined;
}

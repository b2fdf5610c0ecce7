import { type FormEvent, useMemo, useState } from "react";
import { onDemand } from "@/lib/on-demand";
import { Button } from "@/ui/button";
import { Select } from "@/ui/select";
import { TextField } from "@/ui/text-field";
import { type CountryCode, countryOptions, defaultCountry } from "../lib/countries";

// Formatting and checking numbers needs libphonenumber's metadata (~36 KB gzip): fetched on the first keystroke.
const phoneLib = onDemand(() => import("../lib/phone"));

/** Country and phone number; submits the number in international form. */
export function PhoneStep({ pending, onSubmit }: { pending: boolean; onSubmit: (phoneNo: string) => void }) {
  const options = useMemo(() => countryOptions(navigator.language || "en"), []);
  const [country, setCountry] = useState<CountryCode>(() => defaultCountry(navigator.languages ?? []));
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string>();

  const onPhoneChange = (value: string) => {
    const lib = phoneLib.current;
    if (lib) {
      setPhone((previous) => lib.formatPhoneInput(value, previous, country));
      return;
    }
    setPhone(value);
    void phoneLib.load().then(
      (loaded) => setPhone((current) => loaded.formatPhoneInput(current, "", country)),
      () => undefined, // Offline: the number stays as typed; submitting says what went wrong.
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lib = await phoneLib.load().catch(() => undefined);
    if (!lib) {
      setError("Could not reach the server; check the connection and try again");
      return;
    }
    const number = lib.toE164(phone, country);
    if (!number) {
      setError("Enter a phone number, e.g. +1 555 123 4567");
      return;
    }
    setError(undefined);
    onSubmit(number);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <Select
        label="Country"
        options={options}
        value={country}
        onChange={(event) => setCountry(event.target.value as CountryCode)}
        disabled={pending}
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={phone}
        onChange={(event) => onPhoneChange(event.target.value)}
        error={error}
        hint="Start with + to use another country's code."
        disabled={pending}
        autoFocus
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Please wait…" : "Send code"}
      </Button>
    </form>
  );
}

import { type FormEvent, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { type CountryCode, countryOptions, defaultCountry, formatPhoneInput, toE164 } from "../lib/phone";

/** Country and phone number; submits the number in international form. */
export function PhoneStep({ pending, onSubmit }: { pending: boolean; onSubmit: (phoneNo: string) => void }) {
  const options = useMemo(() => countryOptions(navigator.language || "en"), []);
  const [country, setCountry] = useState<CountryCode>(() => defaultCountry(navigator.languages ?? []));
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = toE164(phone, country);
    if (!number) {
      setError("Enter a phone number, e.g. +1 555 123 4567");
      return;
    }
    setError(undefined);
    onSubmit(number);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
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
        onChange={(event) => setPhone((previous) => formatPhoneInput(event.target.value, previous, country))}
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

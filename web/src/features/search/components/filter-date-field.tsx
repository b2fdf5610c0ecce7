import { cn } from "@/lib/cn";
import { toIsoDate } from "@/lib/dates";
import { fieldControlClasses, fieldErrorClasses, fieldLabelClasses } from "@/ui/field-classes";
import { TextField } from "@/ui/text-field";
import { CUSTOM_DATE, DATE_PRESETS } from "../lib/search-filters";
import type { FilterFieldProps } from "./filter-fields";

/** Modified Date: any time, the last N days, or a custom range (neither end after today). */
export function FilterDateField({ form, set, id, error }: FilterFieldProps & { error?: string }) {
  const today = toIsoDate(new Date());
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-date`} className={fieldLabelClasses}>
        Modified Date
      </label>
      <select
        id={`${id}-date`}
        value={form.modifiedDate === undefined ? "" : String(form.modifiedDate)}
        onChange={(e) => set({ modifiedDate: e.target.value === "" ? undefined : Number(e.target.value) })}
        className={cn(fieldControlClasses, "cursor-pointer")}
      >
        <option value="">Any time</option>
        {DATE_PRESETS.map((days) => (
          <option key={days} value={days}>
            Last {days} days
          </option>
        ))}
        <option value={CUSTOM_DATE}>Custom</option>
      </select>
      {form.modifiedDate === CUSTOM_DATE && (
        <div className="grid grid-cols-2 gap-2">
          <TextField
            label="From Date"
            type="date"
            max={today}
            value={form.fromDate}
            onChange={(e) => set({ fromDate: e.target.value })}
          />
          <TextField
            label="To Date"
            type="date"
            min={form.fromDate || undefined}
            max={today}
            value={form.toDate}
            onChange={(e) => set({ toDate: e.target.value })}
          />
        </div>
      )}
      {error && (
        <p role="alert" className={fieldErrorClasses}>
          {error}
        </p>
      )}
    </div>
  );
}

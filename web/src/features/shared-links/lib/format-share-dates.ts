import { formatDate } from "@/lib/format-date";

const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** An expiry: the day only, as it was chosen (the link works to the end of that day). */
export const formatDay = (iso: string) => day.format(new Date(iso));

/** A creation time: day and time. */
export const formatMoment = (iso: string) => formatDate(new Date(iso));

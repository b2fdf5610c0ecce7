import { z } from "zod";
import type { SaveShareVars } from "@/drive/shares/share-body";
import { endOfDay, toIsoDate } from "@/lib/dates";

/** A date input's value ("YYYY-MM-DD") for the local day of an instant; "" when there is none. */
export function dateInputOf(iso: string | undefined): string {
  return iso && !Number.isNaN(Date.parse(iso)) ? toIsoDate(iso) : "";
}

export interface ShareEditContext {
  /** Today as a date input value, in the user's time zone. */
  today: string;
  /** The expiry the share has now, as a date input value ("" when none). */
  currentExpiry: string;
  /** The server removes a password or an expiry (`shareClear`); Teldrive 1.8 cannot. */
  canClear: boolean;
}

export const PASSWORD_MAX = 256;

/** The edit form: a new password (empty keeps it), removing it, and the expiry day (empty: never expires). */
export function shareEditSchema(ctx: ShareEditContext) {
  return z
    .object({
      password: z.string().max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`),
      removePassword: z.boolean(),
      expiry: z
        .string()
        .refine((v) => v === "" || endOfDay(v) !== undefined, "Enter a date")
        // An unchanged past expiry is allowed: the link stays expired, and the password can still change.
        .refine((v) => v === "" || v === ctx.currentExpiry || v >= ctx.today, "Choose today or a later day"),
    })
    .refine((v) => ctx.canClear || v.expiry !== "" || ctx.currentExpiry === "", {
      path: ["expiry"],
      message: "This server cannot remove an expiry; choose a day",
    });
}

export type ShareEditValues = z.infer<ReturnType<typeof shareEditSchema>>;

/** The PATCH for the form's values: only what changed; undefined when nothing did. */
export function sharePatch(fileId: string, values: ShareEditValues, ctx: ShareEditContext): SaveShareVars | undefined {
  const vars: SaveShareVars = { fileId };
  if (values.removePassword) vars.password = null;
  else if (values.password) vars.password = values.password;
  if (values.expiry !== ctx.currentExpiry) vars.expiresAt = values.expiry ? endOfDay(values.expiry) : null;
  return vars.password === undefined && vars.expiresAt === undefined ? undefined : vars;
}

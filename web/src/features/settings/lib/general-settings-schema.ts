import { z } from "zod";
import { SPLIT_FILE_SIZES } from "@/drive/settings/settings-store";

export const HOST_MESSAGE = "Must be a valid Host";

/** Empty, or text that parses as a URL (e.g. "https://resizer.example.com"). */
export function isValidHost(value: string): boolean {
  return value === "" || URL.canParse(value);
}

const positiveWholeNumber = z
  .string()
  .trim()
  .regex(/^[1-9]\d*$/, "Must be a whole number above 0");

/** The general tab's form. Numbers stay text here because that is how the settings store keeps them. */
export const generalSettingsSchema = z.object({
  pageSize: positiveWholeNumber,
  splitFileSize: z.enum(SPLIT_FILE_SIZES.map(String) as [string, ...string[]]),
  uploadConcurrency: positiveWholeNumber,
  encryptFiles: z.boolean(),
  resizerHost: z.string().trim().refine(isValidHost, HOST_MESSAGE),
  rcloneProxy: z.string().trim().refine(isValidHost, HOST_MESSAGE),
});

export type GeneralSettingsForm = z.infer<typeof generalSettingsSchema>;

/** Labels of the split sizes (spec section 9). */
export const SPLIT_FILE_SIZE_OPTIONS = [
  { value: "104857600", label: "100MB" },
  { value: "524288000", label: "500MB" },
  { value: "1048576000", label: "1GB" },
  { value: "2097152000", label: "2GB" },
] as const;

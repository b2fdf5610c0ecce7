import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useSettings } from "@/drive/settings/settings-store";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Select } from "@/ui/select";
import { TextField } from "@/ui/text-field";
import {
  type GeneralSettingsForm,
  generalSettingsSchema,
  SPLIT_FILE_SIZE_OPTIONS,
} from "../lib/general-settings-schema";
import { SettingsSection } from "./settings-section";

/** Upload and display preferences, kept in this browser under 'settings'. */
export function GeneralTab() {
  const settings = useSettings();
  const form = useForm<GeneralSettingsForm>({
    resolver: zodResolver(generalSettingsSchema),
    defaultValues: {
      pageSize: settings.pageSize,
      splitFileSize: String(settings.splitFileSize),
      uploadConcurrency: settings.uploadConcurrency,
      encryptFiles: settings.encryptFiles,
      resizerHost: settings.resizerHost,
      rcloneProxy: settings.rcloneProxy,
    },
  });
  const { errors } = form.formState;

  const save = form.handleSubmit((values) => {
    settings.update({ ...values, splitFileSize: Number(values.splitFileSize) });
    form.reset(values);
    toast.success("Settings saved");
  });

  return (
    <SettingsSection title="General" description="Preferences for this browser.">
      <form onSubmit={save} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField
          label="Page size"
          inputMode="numeric"
          error={errors.pageSize?.message}
          {...form.register("pageSize")}
        />
        <Select label="Split file size" options={SPLIT_FILE_SIZE_OPTIONS} {...form.register("splitFileSize")} />
        <TextField
          label="Upload concurrency"
          inputMode="numeric"
          error={errors.uploadConcurrency?.message}
          {...form.register("uploadConcurrency")}
        />
        <Checkbox label="Encrypt files" className="sm:self-end sm:pb-2" {...form.register("encryptFiles")} />
        <TextField
          label="Resizer Host"
          type="url"
          placeholder="https://resizer.example.com"
          error={errors.resizerHost?.message}
          {...form.register("resizerHost")}
        />
        <TextField
          label="Rclone Media Proxy"
          type="url"
          placeholder="https://proxy.example.com"
          error={errors.rcloneProxy?.message}
          {...form.register("rcloneProxy")}
        />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

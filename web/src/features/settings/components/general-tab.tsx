import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { describeError } from "@/drive/errors/error-message";
import { accountSettingsQueryOptions, chooseEncryptFiles } from "@/drive/settings/account-settings";
import { useSettings } from "@/drive/settings/settings-store";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Select } from "@/ui/select";
import { TextField } from "@/ui/text-field";
import { useSaveAccountSettings } from "../api/account-settings";
import {
  type GeneralSettingsForm,
  generalSettingsSchema,
  SPLIT_FILE_SIZE_OPTIONS,
} from "../lib/general-settings-schema";
import { SettingsSection } from "./settings-section";

export const NO_ENCRYPTION_HINT =
  "This server can't encrypt files: it has no encryption key (ENCRYPTION_KEY). Files are uploaded as they are.";

function encryptHint(keptOnServer: boolean, unread: boolean): string {
  if (!keptOnServer) return "New uploads are stored encrypted on the server.";
  if (unread)
    return "New uploads are stored encrypted on the server. Your account's choice could not be read: this is this browser's.";
  return "New uploads are stored encrypted on the server. Kept with your account: your other devices follow it too.";
}

/**
 * Upload and display preferences, kept in this browser under 'settings'; "Encrypt files" also with the account where
 * the server keeps it (`accountSettings`). Plain words; the technical term as help.
 */
export function GeneralTab() {
  const settings = useSettings();
  const capabilities = useQuery(capabilitiesQueryOptions()).data;
  // Until the server answers, encryption is offered as Teldrive's client does; uploads check again before starting.
  const canEncrypt = capabilities?.encryption !== false;
  // Our server keeps the choice too, for what it writes without a browser (WebDAV, imports).
  const keptOnServer = capabilities?.accountSettings === true && canEncrypt;
  const account = useQuery({ ...accountSettingsQueryOptions(), enabled: keptOnServer });
  const saveAccount = useSaveAccountSettings();
  // The account's choice wins where the server keeps one; this browser's value stands in elsewhere (Teldrive).
  const encryptFiles = chooseEncryptFiles(keptOnServer ? account.data : undefined, settings.encryptFiles);
  const readingAccount = keptOnServer && account.isPending;
  const form = useForm<GeneralSettingsForm>({
    resolver: zodResolver(generalSettingsSchema),
    defaultValues: {
      pageSize: settings.pageSize,
      splitFileSize: String(settings.splitFileSize),
      uploadConcurrency: settings.uploadConcurrency,
      encryptFiles,
      resizerHost: settings.resizerHost,
      rcloneProxy: settings.rcloneProxy,
    },
  });
  const { errors } = form.formState;

  // The account's choice may arrive after the form is drawn (or change on another device): show it unless the user
  // has already touched the switch.
  useEffect(() => {
    if (!form.getFieldState("encryptFiles").isDirty) form.resetField("encryptFiles", { defaultValue: encryptFiles });
  }, [form, encryptFiles]);

  const save = form.handleSubmit(async (values) => {
    settings.update({ ...values, splitFileSize: Number(values.splitFileSize) });
    form.reset(values);
    if (keptOnServer) {
      try {
        await saveAccount.mutateAsync({ encryptFiles: values.encryptFiles });
      } catch (error) {
        toast.error(`Saved in this browser only. The server did not take "Encrypt files": ${describeError(error)}`);
        return;
      }
    }
    toast.success("Settings saved");
  });

  return (
    <SettingsSection title="General" description="Preferences for this browser.">
      <form onSubmit={save} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField
          label="Items loaded at a time"
          hint="Page size: how many files and folders each request lists."
          inputMode="numeric"
          error={errors.pageSize?.message}
          {...form.register("pageSize")}
        />
        <Select
          label="Upload big files in pieces of"
          hint="Split file size: each stored part is at most this big."
          options={SPLIT_FILE_SIZE_OPTIONS}
          {...form.register("splitFileSize")}
        />
        <TextField
          label="Pieces sent at once"
          hint="Upload concurrency: more is faster on a fast connection."
          inputMode="numeric"
          error={errors.uploadConcurrency?.message}
          {...form.register("uploadConcurrency")}
        />
        {!canEncrypt ? (
          <Checkbox
            label="Encrypt files"
            hint={NO_ENCRYPTION_HINT}
            className="sm:self-end"
            checked={false}
            disabled
            readOnly
          />
        ) : readingAccount ? (
          <Checkbox
            label="Encrypt files"
            hint="Reading your account's choice…"
            className="sm:self-end"
            aria-busy
            checked={false}
            disabled
            readOnly
          />
        ) : (
          <Checkbox
            label="Encrypt files"
            hint={encryptHint(keptOnServer, account.isError)}
            className="sm:self-end"
            {...form.register("encryptFiles")}
          />
        )}
        <TextField
          label="Thumbnail service"
          hint="Resizer host: an image resizer that draws thumbnails (optional)."
          type="url"
          placeholder="https://resizer.example.com"
          error={errors.resizerHost?.message}
          {...form.register("resizerHost")}
        />
        <TextField
          label="Media streaming address"
          hint="Rclone media proxy: plays videos and music through rclone serve http."
          type="url"
          placeholder="https://proxy.example.com"
          error={errors.rcloneProxy?.message}
          {...form.register("rcloneProxy")}
        />
        <div className="flex justify-end sm:col-span-2">
          {/* Saving before the account's choice is read would overwrite it with this browser's. */}
          <Button type="submit" disabled={form.formState.isSubmitting || readingAccount}>
            Save
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

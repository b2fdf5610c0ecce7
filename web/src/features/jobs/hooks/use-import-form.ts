import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeError } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { createSchedule, JOBS_KEY, SCHEDULES_KEY, type SyncArgs, startImport, testConnection } from "../api/jobs";
import { patterns } from "../lib/job-text";
import { EMPTY_SOURCE, type SourceForm, sourceUrl } from "../lib/source-url";

export interface ImportForm {
  source: SourceForm;
  destination: string;
  include: string;
  exclude: string;
  maxSizeMb: string;
  encrypted: boolean;
  sync: boolean;
  /** Empty: once, now. Else a cron expression. */
  cron: string;
  name: string;
}

const EMPTY: ImportForm = {
  source: EMPTY_SOURCE,
  destination: "/Imports",
  include: "",
  exclude: "",
  maxSizeMb: "",
  encrypted: false,
  sync: false,
  cron: "",
  name: "",
};

/** The new-import form: its fields, the SyncArgs they make, "Test connection", and starting or scheduling it. */
export function useImportForm(onDone: () => void) {
  const [form, setForm] = useState<ImportForm>(EMPTY);
  const [tested, setTested] = useState<{ ok: boolean; text: string } | undefined>();
  const queryClient = useQueryClient();

  const built = sourceUrl(form.source);
  const maxSize = form.maxSizeMb.trim() ? Math.round(Number(form.maxSizeMb) * 1024 * 1024) : undefined;
  const problem =
    "error" in built
      ? built.error
      : !form.destination.trim().startsWith("/")
        ? "The destination folder starts with /"
        : maxSize !== undefined && !(maxSize >= 0)
          ? "The size limit is a number of MB"
          : undefined;
  const args = (): SyncArgs => ({
    source: "url" in built ? built.url : "",
    destinationDir: form.destination.trim(),
    filters: {
      include: patterns(form.include),
      exclude: patterns(form.exclude),
      ...(maxSize !== undefined ? { maxSize } : {}),
    },
    options: { encrypted: form.encrypted, sync: form.sync },
  });

  const test = useMutation({
    mutationFn: () => testConnection(args()),
    onSuccess: () => setTested({ ok: true, text: "Connected: the source can be read." }),
    onError: (error) => setTested({ ok: false, text: describeError(error) }),
  });
  const start = useMutation({
    mutationFn: async () => {
      if (form.cron.trim()) await createSchedule(form.name.trim() || "Import", form.cron.trim(), args());
      else await startImport(args());
    },
    onSuccess: () => {
      toast.success(form.cron.trim() ? "Import scheduled" : "Import started");
      void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
      void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
      setForm(EMPTY);
      setTested(undefined);
      onDone();
    },
    onError: (error) => toast.error(`Could not start the import: ${describeError(error)}`),
  });

  const set = <K extends keyof ImportForm>(key: K, value: ImportForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setSource = <K extends keyof SourceForm>(key: K, value: SourceForm[K]) => {
    setTested(undefined);
    setForm((f) => ({ ...f, source: { ...f.source, [key]: value } }));
  };
  return { form, set, setSource, problem, tested, test, start };
}

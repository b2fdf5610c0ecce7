import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { TextField } from "@/ui/text-field";
import { useImportForm } from "../hooks/use-import-form";
import { SourceFields } from "./source-fields";

/** Start an import: source, destination folder, filters, once or on a schedule; "Test connection" first. */
export function NewImportForm({ onDone }: { onDone(): void }) {
  const { form, set, setSource, problem, tested, test, start } = useImportForm(onDone);
  return (
    <form
      aria-label="New import"
      className="flex flex-col gap-3 rounded-3xl bg-surface-container-low p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) start.mutate();
      }}
    >
      <SourceFields source={form.source} onChange={setSource} />
      <TextField label="Into folder" value={form.destination} onChange={(e) => set("destination", e.target.value)} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Only files like"
          hint="e.g. *.jpg, raw/**"
          value={form.include}
          onChange={(e) => set("include", e.target.value)}
        />
        <TextField label="Leave out files like" value={form.exclude} onChange={(e) => set("exclude", e.target.value)} />
        <TextField
          label="Largest file (MB)"
          inputMode="decimal"
          value={form.maxSizeMb}
          onChange={(e) => set("maxSizeMb", e.target.value)}
        />
      </div>
      <Checkbox
        label="Encrypt the imported files"
        checked={form.encrypted}
        onChange={(e) => set("encrypted", e.target.checked)}
      />
      <Checkbox
        label="Keep the folder the same as the source (files the source no longer has go to the trash)"
        checked={form.sync}
        onChange={(e) => set("sync", e.target.checked)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Repeat on a schedule (cron, UTC)"
          hint="Empty: once, now. e.g. 0 3 * * * for every night at 03:00"
          value={form.cron}
          onChange={(e) => set("cron", e.target.value)}
        />
        {form.cron.trim() && (
          <TextField label="Schedule name" value={form.name} onChange={(e) => set("name", e.target.value)} />
        )}
      </div>
      {problem && <p className="text-sm text-on-surface-variant">{problem}</p>}
      {tested && (
        <p
          role="status"
          className={tested.ok ? "flex items-center gap-2 text-sm" : "flex items-center gap-2 text-sm text-error"}
        >
          {tested.ok ? <CheckCircle2 aria-hidden className="size-4" /> : <XCircle aria-hidden className="size-4" />}
          {tested.text}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="text" onClick={onDone}>
          Close
        </Button>
        <Button
          type="button"
          variant="outlined"
          disabled={Boolean(problem) || test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? "Testing…" : "Test connection"}
        </Button>
        <Button type="submit" disabled={Boolean(problem) || start.isPending}>
          {form.cron.trim() ? "Schedule import" : "Start import"}
        </Button>
      </div>
    </form>
  );
}

import { Upload } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";

/** Drop files here, or pick them: both hand the files over at once. */
export function DropZone({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <section
      aria-label="Drop files to upload"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center gap-3 rounded-3xl border-2 border-dashed border-outline-variant p-10 text-center",
        over && "border-primary bg-primary-container",
      )}
    >
      <Upload aria-hidden className="size-10 text-on-surface-variant" />
      <p>{disabled ? "This request takes no more files." : "Drag files here, or"}</p>
      {!disabled && (
        <>
          <Button onClick={() => input.current?.click()}>Choose files</Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="Choose files"
            onChange={(event) => {
              onFiles([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
        </>
      )}
    </section>
  );
}

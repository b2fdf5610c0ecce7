import { Captions } from "lucide-react";
import { useRef } from "react";
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from "@/ui/dropdown-menu";
import { IconButton } from "@/ui/icon-button";
import type { SubtitleChoice } from "../../lib/subtitles";

export const OFF = "off";
export const LOCAL = "local";

interface SubtitlesMenuProps {
  sidecars: SubtitleChoice[];
  others: SubtitleChoice[];
  /** The chosen subtitle file's id, LOCAL for one from this computer, or OFF. */
  value: string;
  localName?: string;
  onChange(value: string): void;
  onLocalFile(file: File): void;
}

/** Subtitles named after the video, other subtitle files of the folder, or one from this computer. */
export function SubtitlesMenu({ sidecars, others, value, localName, onChange, onLocalFile }: SubtitlesMenuProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <DropdownMenu
        align="start"
        trigger={
          <IconButton label="Subtitles" className={value === OFF ? undefined : "text-primary"}>
            <Captions aria-hidden className="size-5" />
          </IconButton>
        }
      >
        <DropdownMenuRadioGroup value={value} onValueChange={onChange}>
          <DropdownMenuRadioItem value={OFF}>Off</DropdownMenuRadioItem>
          {sidecars.map((s) => (
            <DropdownMenuRadioItem key={s.item.id} value={s.item.id}>
              {s.label}
            </DropdownMenuRadioItem>
          ))}
          {others.length > 0 && (
            <DropdownMenuLabel className="px-3 pt-2 pb-1 text-xs text-on-surface-variant">
              Other files in this folder
            </DropdownMenuLabel>
          )}
          {others.map((s) => (
            <DropdownMenuRadioItem key={s.item.id} value={s.item.id}>
              {s.label}
            </DropdownMenuRadioItem>
          ))}
          {localName && <DropdownMenuRadioItem value={LOCAL}>{localName}</DropdownMenuRadioItem>}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator className="my-1 h-px bg-outline-variant" />
        <DropdownMenuItem onSelect={() => input.current?.click()}>Load from this computer…</DropdownMenuItem>
      </DropdownMenu>
      <input
        ref={input}
        type="file"
        accept=".srt,.vtt,text/vtt"
        className="hidden"
        aria-label="Subtitle file from this computer"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onLocalFile(file);
          e.target.value = "";
        }}
      />
    </>
  );
}

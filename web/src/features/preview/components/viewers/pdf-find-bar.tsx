import { ChevronDown, ChevronUp, X } from "lucide-react";
import type { KeyboardEvent, RefObject } from "react";
import { cn } from "@/lib/cn";
import { fieldControlClasses } from "@/ui/field-classes";
import { IconButton } from "@/ui/icon-button";

export interface PdfFindBarProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  status: string;
  onQuery: (query: string) => void;
  onStep: (previous: boolean) => void;
  onClose: () => void;
}

/** Find in the document: Enter for the next match, Shift+Enter for the previous; the count as pdf.js reports it. */
export function PdfFindBar({ inputRef, query, status, onQuery, onStep, onClose }: PdfFindBarProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    onStep(event.shiftKey);
  };
  return (
    <search className="flex items-center gap-1" aria-label="Find in document">
      <input
        ref={inputRef}
        type="search"
        aria-label="Find in document"
        placeholder="Find in document"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={onKeyDown}
        className={cn(fieldControlClasses, "w-40 py-1 sm:w-56")}
      />
      <span role="status" className="min-w-20 text-sm text-on-surface-variant tabular-nums">
        {status}
      </span>
      <IconButton label="Previous match" onClick={() => onStep(true)} disabled={!query.trim()}>
        <ChevronUp aria-hidden className="size-5" />
      </IconButton>
      <IconButton label="Next match" onClick={() => onStep(false)} disabled={!query.trim()}>
        <ChevronDown aria-hidden className="size-5" />
      </IconButton>
      <IconButton label="Close find" onClick={onClose}>
        <X aria-hidden className="size-5" />
      </IconButton>
    </search>
  );
}

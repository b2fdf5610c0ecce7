import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

/** An indeterminate progress indicator announced to screen readers as `label`. */
export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center justify-center text-primary", className)}>
      <LoaderCircle aria-hidden className="size-6 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

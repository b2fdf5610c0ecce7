import { cn } from "@/lib/cn";

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-surface-container-high", className)} />;
}

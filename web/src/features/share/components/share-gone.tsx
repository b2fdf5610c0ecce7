import { Link2Off } from "lucide-react";

/** Shown for an unknown or expired link. */
export function ShareGone() {
  return (
    <div className="m-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
      <Link2Off aria-hidden className="size-12 text-on-surface-variant" />
      <h1 className="text-xl font-medium">This link has expired or does not exist</h1>
      <p className="text-sm text-on-surface-variant">Ask the person who shared it for a new link.</p>
    </div>
  );
}

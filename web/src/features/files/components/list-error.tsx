import { AlertCircle } from "lucide-react";
import { describeError, isRetryable } from "@/drive/errors/error-message";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";

/** A failed page: what went wrong, in words, and a Retry where asking again can help (not for a 4xx). */
export function ListError({
  error,
  page,
  compact = false,
  onRetry,
}: {
  error: unknown;
  page?: number;
  compact?: boolean;
  onRetry(): void;
}) {
  const message = describeError(error);
  return (
    <div
      role="alert"
      className={cn(
        "flex items-center gap-3 rounded-xl bg-error-container text-on-error-container",
        compact ? "mx-2 my-1 px-4 py-2 text-sm" : "m-4 flex-col p-8 text-center",
      )}
    >
      <AlertCircle aria-hidden className={compact ? "size-5" : "size-8"} />
      <p className="flex-1">
        {page ? `Could not load page ${page}: ` : "Could not load the files: "}
        {message}
      </p>
      {isRetryable(error) && (
        <Button variant={compact ? "text" : "filled"} onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}

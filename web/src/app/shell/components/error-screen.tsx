import { Link } from "@tanstack/react-router";
import { errorText } from "@/drive/errors/error-message";

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return errorText(error);
}

/** What a route shows when it fails to load (also 'invalid path' for an unknown view). */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-2xl font-medium">Error</h1>
      <p className="max-w-prose break-words text-on-surface-variant">{messageOf(error)}</p>
      <Link to="/my-drive" search={{ path: "/" }} className="text-sm font-medium text-primary underline">
        Go to My Drive
      </Link>
    </div>
  );
}

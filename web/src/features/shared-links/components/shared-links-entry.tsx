import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Link2 } from "lucide-react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { buttonClasses } from "@/ui/button";

/** The way from the Shared list to "Shared links", where the server can list them. */
export function SharedLinksEntry() {
  const shareList = useQuery(capabilitiesQueryOptions()).data?.shareList ?? false;
  if (!shareList) return null;
  return (
    <div className="flex shrink-0 justify-end border-b border-outline-variant px-3 py-1">
      <Link to="/shared/links" className={buttonClasses("text", "h-10 px-3")}>
        <Link2 aria-hidden className="size-4" />
        Manage shared links
      </Link>
    </div>
  );
}

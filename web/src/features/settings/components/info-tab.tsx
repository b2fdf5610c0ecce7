import { useQuery } from "@tanstack/react-query";
import { errorText } from "@/drive/errors/error-message";
import { Skeleton } from "@/ui/skeleton";
import { versionQueryOptions } from "../api/get-version";
import { versionRows } from "../lib/version-info";
import { SettingsSection } from "./settings-section";

/** What the server says about itself. */
export function InfoTab() {
  const { data, error, isPending } = useQuery(versionQueryOptions());
  return (
    <SettingsSection title="Info" description="About the server.">
      {isPending && <Skeleton className="h-40" />}
      {error && (
        <p role="alert" className="text-sm text-error">
          {errorText(error)}
        </p>
      )}
      {data && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {versionRows(data).map((row) => (
            <div key={row.key} className="contents">
              <dt className="font-medium text-on-surface-variant" title={row.key}>
                {row.label}
              </dt>
              <dd className="break-all">
                {row.href ? (
                  <a href={row.href} target="_blank" rel="noreferrer" className="text-primary underline">
                    {row.value}
                  </a>
                ) : (
                  row.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </SettingsSection>
  );
}

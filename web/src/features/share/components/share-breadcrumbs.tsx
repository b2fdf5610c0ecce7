import { ChevronRight } from "lucide-react";
import { ancestorsOf, pathSegments } from "@/drive/files/folder-path";

/** The share's root (its name) and one entry per folder of `path`. */
export function ShareBreadcrumbs(props: { name: string; path: string; onNavigate: (path: string) => void }) {
  const segments = pathSegments(props.path);
  const crumbs = [
    { label: props.name, path: "/" },
    ...ancestorsOf(props.path).map((path, i) => ({ label: segments[i] ?? "", path })),
  ];
  return (
    <nav aria-label="Breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((crumb, i) => (
          <li key={crumb.path} className="flex items-center gap-1">
            {i > 0 && <ChevronRight aria-hidden className="size-4 text-on-surface-variant" />}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-medium">
                {crumb.label}
              </span>
            ) : (
              <button
                type="button"
                className="rounded px-1 hover:underline"
                onClick={() => props.onNavigate(crumb.path)}
              >
                {crumb.label}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

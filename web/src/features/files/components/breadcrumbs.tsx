import { Link } from "@tanstack/react-router";
import { ChevronRight, MoreHorizontal } from "lucide-react";
import { type DragEvent, useState } from "react";
import { DropdownMenu, DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { IconButton } from "@/components/ui/icon-button";
import { cn } from "@/lib/cn";
import { breadcrumbsOf, type Crumb, collapseCrumbs } from "../lib/breadcrumbs";
import type { FileItem } from "../lib/file-item";
import { useSelection } from "../stores/selection-store";

/** My Drive, then one link per folder of the path; long paths fold their middle into a menu. Rows drop onto crumbs. */
export function Breadcrumbs({
  path,
  onMoveTo,
}: {
  path: string;
  onMoveTo(items: FileItem[], destination: { path: string }): void;
}) {
  const crumbs = breadcrumbsOf(path);
  const { head, hidden, rest } = collapseCrumbs(crumbs);
  const last = crumbs.length - 1;
  const [dropPath, setDropPath] = useState<string>();

  const dropProps = (crumb: Crumb, isCurrent: boolean) =>
    isCurrent
      ? {}
      : {
          onDragOver: (e: DragEvent) => {
            if (useSelection.getState().dragged.length === 0) return;
            e.preventDefault();
            setDropPath(crumb.path);
          },
          onDragLeave: () => setDropPath(undefined),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            e.stopPropagation();
            setDropPath(undefined);
            onMoveTo(useSelection.getState().dragged, { path: crumb.path });
          },
        };

  const renderCrumb = (crumb: Crumb, index: number) => {
    const isCurrent = index === last;
    return (
      <li key={crumb.path} className="flex min-w-0 items-center">
        {index > 0 && <ChevronRight aria-hidden className="size-4 shrink-0 text-on-surface-variant" />}
        <Link
          to="/my-drive"
          search={{ path: crumb.path }}
          aria-current={isCurrent ? "page" : undefined}
          title={crumb.name}
          className={cn(
            "truncate rounded-md px-2 py-1 outline-none hover:bg-on-surface/10 focus-visible:outline-2 focus-visible:outline-primary",
            isCurrent ? "text-lg font-medium text-on-surface" : "text-on-surface-variant",
            dropPath === crumb.path && "ring-2 ring-primary",
          )}
          {...dropProps(crumb, isCurrent)}
        >
          {crumb.name}
        </Link>
      </li>
    );
  };

  return (
    <nav aria-label="Breadcrumbs" className="min-w-0">
      <ol className="flex min-w-0 items-center">
        {head.map((crumb) => renderCrumb(crumb, crumbs.indexOf(crumb)))}
        {hidden.length > 0 && (
          <li className="flex shrink-0 items-center">
            <ChevronRight aria-hidden className="size-4 text-on-surface-variant" />
            <DropdownMenu
              align="start"
              trigger={
                <IconButton label="Show hidden folders" className="size-8">
                  <MoreHorizontal aria-hidden className="size-4" />
                </IconButton>
              }
            >
              {hidden.map((crumb) => (
                <DropdownMenuItem key={crumb.path} asChild>
                  <Link to="/my-drive" search={{ path: crumb.path }}>
                    <span className="max-w-64 truncate">{crumb.name}</span>
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenu>
          </li>
        )}
        {rest.map((crumb) => renderCrumb(crumb, crumbs.indexOf(crumb)))}
      </ol>
    </nav>
  );
}

import { Link } from "@tanstack/react-router";
import { ChevronRight, MoreHorizontal } from "lucide-react";
import { type DragEvent, useState } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import { DropdownMenu, DropdownMenuItem } from "@/ui/dropdown-menu";
import { IconButton } from "@/ui/icon-button";
import { breadcrumbsOf, type Crumb, collapseCrumbs } from "../lib/breadcrumbs";
import { useSelection } from "../stores/selection-store";

/** A menu of folders to jump to, for the crumbs there is no room for. */
function FoldedCrumbs({ crumbs, className }: { crumbs: Crumb[]; className?: string }) {
  return (
    <li className={cn("flex shrink-0 items-center", className)}>
      <DropdownMenu
        align="start"
        trigger={
          <IconButton label="Show hidden folders" className="size-9">
            <MoreHorizontal aria-hidden className="size-4" />
          </IconButton>
        }
      >
        {crumbs.map((crumb) => (
          <DropdownMenuItem key={crumb.path} asChild>
            <Link to="/my-drive" search={{ path: crumb.path }}>
              <span className="max-w-64 truncate">{crumb.name}</span>
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenu>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-on-surface-variant" />
    </li>
  );
}

/**
 * My Drive, then one link per folder of the path; the current folder is always written in full (it truncates only
 * when it alone is wider than the row). With room (a container query on the toolbar), long paths fold their middle
 * into a menu; without (a phone), every folder above the current one folds into that menu. Rows drop onto crumbs.
 */
export function Breadcrumbs({
  path,
  onMoveTo,
}: {
  path: string;
  onMoveTo(items: FileItem[], destination: { path: string }): void;
}) {
  const crumbs = breadcrumbsOf(path);
  const current = crumbs[crumbs.length - 1] as Crumb;
  const ancestors = crumbs.slice(0, -1);
  const wide = collapseCrumbs(crumbs);
  const [dropPath, setDropPath] = useState<string>();

  const dropProps = (crumb: Crumb) => ({
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
  });

  const ancestorLink = (crumb: Crumb) => (
    <li key={crumb.path} className="hidden min-w-0 shrink items-center @xl:flex">
      <Link
        to="/my-drive"
        search={{ path: crumb.path }}
        title={crumb.name}
        className={cn(
          "flex min-h-11 min-w-11 items-center justify-center truncate rounded-md px-2 text-on-surface-variant outline-none hover:bg-on-surface/10 focus-visible:outline-2 focus-visible:outline-primary",
          dropPath === crumb.path && "ring-2 ring-primary",
        )}
        {...dropProps(crumb)}
      >
        <span className="truncate">{crumb.name}</span>
      </Link>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-on-surface-variant" />
    </li>
  );

  return (
    <nav aria-label="Breadcrumbs" className="min-w-0">
      <ol className="flex min-w-0 items-center">
        {ancestors.length > 0 && <FoldedCrumbs crumbs={ancestors} className="@xl:hidden" />}
        {wide.head.filter((c) => c !== current).map(ancestorLink)}
        {wide.hidden.length > 0 && <FoldedCrumbs crumbs={wide.hidden} className="hidden @xl:flex" />}
        {wide.rest.filter((c) => c !== current).map(ancestorLink)}
        <li className="flex min-w-0 items-center">
          <Link
            to="/my-drive"
            search={{ path: current.path }}
            aria-current="page"
            title={current.name}
            className="flex min-h-11 min-w-11 items-center truncate rounded-md px-2 text-lg font-medium text-on-surface outline-none hover:bg-on-surface/10 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span className="truncate">{current.name}</span>
          </Link>
        </li>
      </ol>
    </nav>
  );
}

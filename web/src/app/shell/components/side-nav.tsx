import { Fragment } from "react";
import { PinnedFolders } from "@/features/starred/components/pinned-folders";
import { cn } from "@/lib/cn";
import { useNavItems } from "../nav-items";
import { NavLink } from "./nav-link";

/** Main navigation for medium and wider screens; below md the BottomBar takes over. */
export function SideNav() {
  const items = useNavItems();
  return (
    <nav aria-label="Main" className="hidden w-56 shrink-0 flex-col gap-1 p-3 md:flex">
      {items.map(({ label, icon: Icon, segment, nested }) => (
        <Fragment key={segment}>
          <NavLink
            segment={segment}
            className={cn(
              "flex h-12 items-center gap-3 rounded-full px-4 text-sm font-medium text-on-surface-variant hover:bg-on-surface/10 aria-[current=page]:bg-secondary-container aria-[current=page]:text-on-secondary-container",
              nested && "ml-6 h-10",
            )}
          >
            <Icon aria-hidden className="size-5" />
            {label}
          </NavLink>
          {segment === "starred" && <PinnedFolders />}
        </Fragment>
      ))}
    </nav>
  );
}

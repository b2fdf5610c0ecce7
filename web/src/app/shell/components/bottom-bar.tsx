import { useNavItems } from "../nav-items";
import { NavLink } from "./nav-link";

/** Main navigation below the md breakpoint (576px), where there is no room for the side navigation. */
export function BottomBar() {
  const items = useNavItems();
  return (
    <nav aria-label="Main" className="flex shrink-0 border-t border-outline-variant bg-surface-container md:hidden">
      {items
        .filter((item) => !item.nested && !item.sideOnly)
        .map(({ label, icon: Icon, segment }) => (
          <NavLink
            key={segment}
            segment={segment}
            className="group flex flex-1 flex-col items-center gap-1 py-2 text-xs font-medium text-on-surface-variant aria-[current=page]:text-on-surface"
          >
            <span className="flex h-8 w-14 items-center justify-center rounded-full group-aria-[current=page]:bg-secondary-container">
              <Icon aria-hidden className="size-5" />
            </span>
            {label}
          </NavLink>
        ))}
    </nav>
  );
}

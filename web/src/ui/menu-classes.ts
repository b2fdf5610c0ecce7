/** The panel of every menu (dropdown and context menus); callers add a minimum width. */
export const menuSurfaceClasses =
  "z-50 rounded-xl border border-outline-variant bg-surface-container p-1 text-on-surface shadow-lg outline-none";

/** Classes shared by every kind of menu item. */
export const menuItemClasses =
  "flex min-h-9 cursor-pointer select-none items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-on-surface/10 data-[disabled]:opacity-50 pointer-coarse:min-h-12";

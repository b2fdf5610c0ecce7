/** Classes shared by every kind of menu item (dropdown and context menus). */
export const menuItemClasses =
  "flex cursor-pointer select-none items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-on-surface/10 data-[disabled]:opacity-50";

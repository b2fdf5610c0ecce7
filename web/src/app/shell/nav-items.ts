import { Clock, HardDrive, type LucideIcon, PieChart, Users } from "lucide-react";

export interface NavItem {
  label: string;
  icon: LucideIcon;
  /** First path segment that marks the item as the current page. */
  segment: string;
}

/** Side navigation and bottom bar entries (spec section 2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "My Drive", icon: HardDrive, segment: "my-drive" },
  { label: "Recent", icon: Clock, segment: "recent" },
  { label: "Shared", icon: Users, segment: "shared" },
  { label: "Storage", icon: PieChart, segment: "storage" },
];

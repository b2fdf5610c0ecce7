import { useQuery } from "@tanstack/react-query";
import { Clock, HardDrive, type LucideIcon, PieChart, Trash2, Users } from "lucide-react";
import { type Capabilities, capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/lib/capabilities";

export interface NavItem {
  label: string;
  icon: LucideIcon;
  /** First path segment that marks the item as the current page. */
  segment: string;
  /** Shown only when the server offers this (Teldrive 1.8 has no trash). */
  needs?: keyof Capabilities;
}

/** Side navigation and bottom bar entries (spec section 2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "My Drive", icon: HardDrive, segment: "my-drive" },
  { label: "Recent", icon: Clock, segment: "recent" },
  { label: "Shared", icon: Users, segment: "shared" },
  { label: "Storage", icon: PieChart, segment: "storage" },
  { label: "Trash", icon: Trash2, segment: "trash", needs: "trash" },
];

/** The entries this server offers. */
export function useNavItems(): readonly NavItem[] {
  const capabilities = useQuery(capabilitiesQueryOptions()).data ?? TELDRIVE_1_8;
  return NAV_ITEMS.filter((item) => !item.needs || capabilities[item.needs]);
}

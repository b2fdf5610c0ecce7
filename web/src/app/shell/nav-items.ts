import { useQuery } from "@tanstack/react-query";
import {
  Clock,
  Download,
  HardDrive,
  Images,
  type LucideIcon,
  PieChart,
  Star,
  Trash2,
  Upload,
  Users,
} from "lucide-react";
import { type Capabilities, capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { ROOT_NAME } from "@/drive/files/folder-path";

export interface NavItem {
  label: string;
  icon: LucideIcon;
  /** First path segment that marks the item as the current page. */
  segment: string;
  /** Shown only where the server offers this (GET /capabilities; Teldrive 1.8 has none of them). */
  requires?: keyof Capabilities;
  /** A sub-page of the item above it: in the side navigation only, indented (the bottom bar has no room). */
  nested?: boolean;
  /** In the side navigation only: the bottom bar keeps to the five places used most. */
  sideOnly?: boolean;
}

/**
 * Side navigation and bottom bar entries (spec section 2). One "Shared" for the shared files and their links: the
 * links (/shared/links) are a page of it, reached from its "Manage shared links" (issue 26: two entries for nearly the
 * same list confused).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: ROOT_NAME, icon: HardDrive, segment: "my-drive" },
  { label: "Recent", icon: Clock, segment: "recent" },
  { label: "Photos", icon: Images, segment: "photos", sideOnly: true },
  { label: "Shared", icon: Users, segment: "shared" },
  { label: "Starred", icon: Star, segment: "starred" },
  { label: "Storage", icon: PieChart, segment: "storage" },
  { label: "Trash", icon: Trash2, segment: "trash", requires: "trash" },
  { label: "Imports", icon: Download, segment: "jobs", requires: "jobs", sideOnly: true },
  { label: "File requests", icon: Upload, segment: "file-requests", requires: "fileRequests", sideOnly: true },
];

/** The entries this server offers. */
export function useNavItems(): readonly NavItem[] {
  const capabilities = useQuery(capabilitiesQueryOptions()).data ?? TELDRIVE_1_8;
  return NAV_ITEMS.filter((item) => !item.requires || capabilities[item.requires]);
}

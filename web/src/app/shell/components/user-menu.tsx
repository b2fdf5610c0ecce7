import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { HardDrive, LogOut, Settings } from "lucide-react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { sessionQueryOptions } from "@/drive/session/session";
import { logout } from "@/features/auth/api/logout";
import { cn } from "@/lib/cn";
import { focusRing } from "@/ui/button";
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from "@/ui/dropdown-menu";
import { useNavItems } from "../nav-items";
import { NavLink } from "./nav-link";
import { UserAvatar } from "./user-avatar";

async function logoutAndLeave() {
  try {
    await logout();
  } finally {
    // A full load drops every cached query of the old session.
    window.location.href = "/login";
  }
}

/**
 * The signed-in user's menu: name, the side navigation's entries the phone's bottom bar has no room for (Imports,
 * where the server has jobs), Settings, Connect (where the server has WebDAV) and Logout.
 */
export function UserMenu() {
  const { data: session } = useQuery(sessionQueryOptions());
  const navigate = useNavigate();
  const hasWebdav = useQuery(capabilitiesQueryOptions()).data?.webdav ?? false;
  // The bottom bar's missing places; on a wider screen the side navigation has them too.
  const extraPlaces = useNavItems().filter((item) => item.sideOnly);
  const name = session?.name || session?.userName || "User";
  return (
    <DropdownMenu
      trigger={
        <button
          type="button"
          aria-label="Account menu"
          className={cn(
            "flex size-11 items-center justify-center rounded-full hover:bg-on-surface/10 pointer-coarse:size-12",
            focusRing,
          )}
        >
          <UserAvatar name={name} />
        </button>
      }
    >
      <DropdownMenuLabel className="px-3 py-2 text-sm font-medium text-on-surface-variant">{name}</DropdownMenuLabel>
      <DropdownMenuSeparator className="my-1 h-px bg-outline-variant" />
      {extraPlaces.map(({ label, icon: Icon, segment }) => (
        <DropdownMenuItem key={segment} asChild>
          <NavLink segment={segment}>
            <Icon aria-hidden className="size-4" />
            {label}
          </NavLink>
        </DropdownMenuItem>
      ))}
      <DropdownMenuItem
        icon={<Settings className="size-4" />}
        onSelect={() => navigate({ to: "/settings/$tabId", params: { tabId: "general" } })}
      >
        Settings
      </DropdownMenuItem>
      {hasWebdav && (
        <DropdownMenuItem icon={<HardDrive className="size-4" />} onSelect={() => navigate({ to: "/connect" })}>
          Connect (WebDAV)
        </DropdownMenuItem>
      )}
      <DropdownMenuItem icon={<LogOut className="size-4" />} onSelect={() => void logoutAndLeave()}>
        Logout
      </DropdownMenuItem>
    </DropdownMenu>
  );
}

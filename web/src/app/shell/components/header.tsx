import { Link } from "@tanstack/react-router";
import { HeaderSearch } from "@/features/search/components/header-search";
import { ThemeMenu } from "./theme-menu";
import { UserMenu } from "./user-menu";

/**
 * The top bar of every layout. `signedIn` adds the search box and the user menu; the share and
 * sign-in layouts leave it off for anonymous visitors.
 */
export function Header({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 bg-surface px-2 sm:px-4">
      <Link
        to="/my-drive"
        search={{ path: "/" }}
        className="flex min-h-11 shrink-0 items-center gap-2 rounded-full px-2 py-1 outline-none focus-visible:outline-2 focus-visible:outline-primary pointer-coarse:min-h-12"
      >
        <img src="/favicon.svg" alt="" className="size-8" />
        <span className="hidden text-xl font-medium sm:inline">Drive</span>
        <span className="sr-only sm:hidden">Drive</span>
      </Link>
      <div className="flex min-w-0 flex-1 justify-center">{signedIn && <HeaderSearch />}</div>
      <ThemeMenu />
      {signedIn && <UserMenu />}
    </header>
  );
}

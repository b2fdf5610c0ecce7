import { Link } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, ReactNode, Ref } from "react";
import { cn } from "@/lib/cn";

/**
 * A link to one navigation destination. My Drive opens at the root; Storage and Trash have their own routes;
 * the rest are views of `/$view`. The router marks the current one with aria-current="page".
 */
export function NavLink({
  segment,
  className,
  children,
  ...rest
}: {
  segment: string;
  className?: string;
  children: ReactNode;
  /** A menu item's props and ref when the link is one (`asChild`). */
  ref?: Ref<HTMLAnchorElement>;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className" | "children">) {
  const shared = cn("outline-none focus-visible:outline-2 focus-visible:outline-primary", className);
  if (segment === "my-drive") {
    return (
      <Link to="/my-drive" search={{ path: "/" }} activeOptions={{ includeSearch: false }} className={shared} {...rest}>
        {children}
      </Link>
    );
  }
  if (segment === "storage" || segment === "trash") {
    return (
      <Link to={segment === "storage" ? "/storage" : "/trash"} className={shared} {...rest}>
        {children}
      </Link>
    );
  }
  if (segment === "jobs") {
    return (
      <Link to="/jobs" className={shared} {...rest}>
        {children}
      </Link>
    );
  }
  if (segment === "starred") {
    return (
      <Link to="/starred" className={shared} {...rest}>
        {children}
      </Link>
    );
  }
  if (segment === "shared-links") {
    return (
      <Link to="/shared/links" className={shared} {...rest}>
        {children}
      </Link>
    );
  }
  // Shared is also the current page on its sub-page /shared/links; the other views only on their own.
  return (
    <Link
      to="/$view"
      params={{ view: segment }}
      activeOptions={{ exact: segment !== "shared" }}
      className={shared}
      {...rest}
    >
      {children}
    </Link>
  );
}

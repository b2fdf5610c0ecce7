import { Outlet } from "@tanstack/react-router";
import { Header } from "./header";

/** The frame of the sign-in page: header without signed-in parts, content centred. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header signedIn={false} />
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <Outlet />
      </main>
    </div>
  );
}

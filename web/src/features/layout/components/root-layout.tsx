import { Outlet } from "@tanstack/react-router";
import { useApplyColorScheme } from "@/features/theme/hooks/use-apply-color-scheme";
import { useApplyTheme } from "@/features/theme/hooks/use-apply-theme";
import { ConnectionBanner } from "./connection-banner";
import { ToastOutlet } from "./toast-outlet";
import { TopProgressBar } from "./top-progress-bar";

/** Wraps every page: theme application, progress bar, the offline notice and toasts. */
export function RootLayout() {
  useApplyTheme();
  useApplyColorScheme();
  return (
    <>
      <TopProgressBar />
      <Outlet />
      <ConnectionBanner />
      <ToastOutlet />
    </>
  );
}

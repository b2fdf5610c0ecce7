import { Outlet } from "@tanstack/react-router";
import { ToastOutlet } from "@/components/ui/toast-outlet";
import { useApplyColorScheme } from "@/shared/theme/hooks/use-apply-color-scheme";
import { useApplyTheme } from "@/shared/theme/hooks/use-apply-theme";
import { ConnectionBanner } from "./connection-banner";
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

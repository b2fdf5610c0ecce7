import { Outlet } from "@tanstack/react-router";
import { useApplyColorScheme } from "@/drive/theme/hooks/use-apply-color-scheme";
import { useApplyTheme } from "@/drive/theme/hooks/use-apply-theme";
import { ToastOutlet } from "@/ui/toast-outlet";
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

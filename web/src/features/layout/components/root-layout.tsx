import { Outlet } from "@tanstack/react-router";
import { Toaster } from "react-hot-toast";
import { useApplyColorScheme } from "@/features/theme/hooks/use-apply-color-scheme";
import { useApplyTheme } from "@/features/theme/hooks/use-apply-theme";
import { TopProgressBar } from "./top-progress-bar";

/**
 * Wraps every page: theme application, progress bar and toasts. react-hot-toast's defaults are the
 * spec's (20 at most; 4000 ms blank/error/custom, 2000 ms success, loading until dismissed).
 */
export function RootLayout() {
  useApplyTheme();
  useApplyColorScheme();
  return (
    <>
      <TopProgressBar />
      <Outlet />
      <Toaster
        position="top-center"
        toastOptions={{
          className: "bg-surface-container-high! text-on-surface!",
        }}
      />
    </>
  );
}

import { useEffect } from "react";
import { resolveTheme } from "../lib/resolve-theme";
import { useThemeStore } from "../theme-store";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** Keeps the `light`/`dark` class on <html> in step with the stored choice and, for "system", the OS. */
export function useApplyTheme(): void {
  const mode = useThemeStore((s) => s.theme);
  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    const apply = () => {
      const resolved = resolveTheme(mode, media.matches);
      const root = document.documentElement;
      root.classList.toggle("dark", resolved === "dark");
      root.classList.toggle("light", resolved === "light");
    };
    apply();
    if (mode !== "system") return;
    media.addEventListener("change", apply);
    return () => media.removeEventListener("change", apply);
  }, [mode]);
}

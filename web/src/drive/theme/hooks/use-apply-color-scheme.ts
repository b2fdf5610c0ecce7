import { useEffect } from "react";
import { useColorSchemeStore } from "../color-scheme-store";
import { colorStylesToCss } from "../lib/color-css";

/** Same id as public/theme-boot.js, so the app takes over the element the boot script created. */
const STYLE_ID = "md-color-scheme";

/** Writes the generated colour roles into one <style> element, or removes it when reset. */
export function useApplyColorScheme(): void {
  const styles = useColorSchemeStore((s) => s.styles);
  useEffect(() => {
    let element = document.getElementById(STYLE_ID);
    if (!styles) {
      element?.remove();
      return;
    }
    if (!element) {
      element = document.createElement("style");
      element.id = STYLE_ID;
      document.head.append(element);
    }
    element.textContent = colorStylesToCss(styles);
  }, [styles]);
}

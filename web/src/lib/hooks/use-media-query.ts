import { useSyncExternalStore } from "react";

/** Whether a media query matches now, re-rendering when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below the md breakpoint (styles.css, 576px): a phone, with the bottom bar instead of the side navigation. */
export const PHONE_QUERY = "(max-width: 575.98px)";

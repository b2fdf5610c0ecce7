// Runs before the app: applies the stored theme class and colour variables so the first paint is right.
// Mirrors src/features/theme (theme-store.ts, color-scheme-store.ts, lib/color-css.ts); keep them in step.
(() => {
  const read = (key) => {
    try {
      const raw = localStorage.getItem(key);
      const parsed = raw ? JSON.parse(raw) : null;
      return parsed && typeof parsed === "object" && parsed.state ? parsed.state : null;
    } catch (_) {
      return null;
    }
  };
  const root = document.documentElement;
  const stored = read("theme");
  const mode = stored && ["light", "dark", "system"].includes(stored.theme) ? stored.theme : "system";
  let dark = mode === "dark";
  if (mode === "system") {
    try {
      dark = matchMedia("(prefers-color-scheme: dark)").matches;
    } catch (_) {
      dark = false;
    }
  }
  root.classList.add(dark ? "dark" : "light");

  const scheme = read("colorScheme");
  const styles = scheme?.styles;
  if (!styles || typeof styles !== "object") return;
  const declarations = (roles) =>
    Object.entries(roles || {})
      .filter(([name, value]) => /^--md-[a-z-]+$/.test(name) && /^#[0-9a-f]{6}$/i.test(String(value)))
      .map(([name, value]) => `${name}:${value};`)
      .join("");
  const element = document.createElement("style");
  element.id = "md-color-scheme";
  element.textContent = `html:root{${declarations(styles.light)}}html:root.dark{${declarations(styles.dark)}}`;
  document.head.append(element);
})();

// Runs before the app: applies the stored theme class and colour variables so the first paint is right.
(() => {
  try {
    const raw = localStorage.getItem("theme");
    const stored = raw ? JSON.parse(raw) : null;
    const theme = (stored && (stored.state ? stored.state.theme : stored)) || "system";
    const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.add(dark ? "dark" : "light");
  } catch (_) {
    /* storage unavailable: the app applies the default */
  }
})();

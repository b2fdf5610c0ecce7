/** The Material roles the app uses, as named in styles.css (`--md-<role>`). */
export const COLOR_ROLES = [
  "primary",
  "on-primary",
  "primary-container",
  "on-primary-container",
  "secondary-container",
  "on-secondary-container",
  "surface",
  "on-surface",
  "surface-variant",
  "on-surface-variant",
  "surface-container-low",
  "surface-container",
  "surface-container-high",
  "outline",
  "outline-variant",
  "error",
  "on-error",
  "error-container",
  "on-error-container",
] as const;

export type ColorRole = (typeof COLOR_ROLES)[number];

/** "on-primary-container" -> "onPrimaryContainer", the property name on a Material scheme. */
export function roleToSchemeKey(role: ColorRole): string {
  return role.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

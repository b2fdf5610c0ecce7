/** CSS variable name -> hex colour, e.g. { "--md-primary": "#3c5ba9" }. */
export type ColorRoles = Record<string, string>;

/** Generated roles for both modes; stored so the boot script can apply them before first paint. */
export interface ColorStyles {
  light: ColorRoles;
  dark: ColorRoles;
}

const NAME = /^--md-[a-z-]+$/;
const HEX = /^#[0-9a-f]{6}$/i;

function declarations(roles: ColorRoles): string {
  // Only well-formed names and hex values pass: storage can be edited by hand and this text becomes CSS.
  return Object.entries(roles)
    .filter(([name, value]) => NAME.test(name) && HEX.test(value))
    .map(([name, value]) => `${name}:${value};`)
    .join("");
}

/**
 * The style sheet text for generated colours. `html:root` and `html:root.dark` outrank the
 * defaults in styles.css (`html.dark`) whatever order the sheets load in.
 * Keep in step with public/theme-boot.js, which builds the same text before the app loads.
 */
export function colorStylesToCss(styles: ColorStyles): string {
  return `html:root{${declarations(styles.light)}}html:root.dark{${declarations(styles.dark)}}`;
}

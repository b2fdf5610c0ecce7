import { argbFromHex, Hct, hexFromArgb, SchemeTonalSpot } from "@material/material-color-utilities";
import type { ColorRoles, ColorStyles } from "./color-css";
import { COLOR_ROLES, roleToSchemeKey } from "./color-roles";

const HEX = /^#[0-9a-f]{6}$/i;

function roles(scheme: SchemeTonalSpot): ColorRoles {
  const out: ColorRoles = {};
  // The scheme exposes each role as a getter named like the role in camelCase.
  const values = scheme as unknown as Record<string, number | undefined>;
  for (const role of COLOR_ROLES) {
    const argb = values[roleToSchemeKey(role)];
    if (argb === undefined) throw new Error(`colour role missing from scheme: ${role}`);
    out[`--md-${role}`] = hexFromArgb(argb);
  }
  return out;
}

/** Material 3 light and dark roles generated from one source colour ("#rrggbb"). */
export function generateColorStyles(sourceHex: string): ColorStyles {
  if (!HEX.test(sourceHex)) throw new Error(`not a #rrggbb colour: ${sourceHex}`);
  const source = Hct.fromInt(argbFromHex(sourceHex));
  return {
    light: roles(new SchemeTonalSpot(source, false, 0)),
    dark: roles(new SchemeTonalSpot(source, true, 0)),
  };
}

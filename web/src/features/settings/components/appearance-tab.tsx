import { Check } from "lucide-react";
import { useId } from "react";
import { HexColorInput, HexColorPicker } from "react-colorful";
import { DEFAULT_SOURCE_COLOR, PRESET_COLORS, useColorSchemeStore } from "@/drive/theme/color-scheme-store";
import { generateColorStyles } from "@/drive/theme/lib/generate-color-styles";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { SettingsSection } from "./settings-section";

/** The source colour of the Material theme: 19 presets, a free picker and a reset. */
export function AppearanceTab() {
  const sourceColor = useColorSchemeStore((s) => s.sourceColor);
  const setScheme = useColorSchemeStore((s) => s.setScheme);
  const reset = useColorSchemeStore((s) => s.reset);
  const hexId = useId();

  const choose = (hex: string) => {
    const color = hex.toLowerCase();
    setScheme(color, generateColorStyles(color));
  };

  return (
    <SettingsSection title="Appearance" description="Pick the colour the theme is built from.">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Preset colours</legend>
        <div className="flex flex-wrap gap-2">
          {PRESET_COLORS.map((color) => {
            const selected = color === sourceColor;
            return (
              <button
                key={color}
                type="button"
                aria-label={`Colour ${color}`}
                aria-pressed={selected}
                onClick={() => choose(color)}
                className={cn(
                  "flex size-10 items-center justify-center rounded-full border border-outline-variant",
                  "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                  selected && "ring-2 ring-on-surface ring-offset-2 ring-offset-surface",
                )}
                style={{ backgroundColor: color }}
              >
                {selected && <Check aria-hidden className="size-5 text-black/70" />}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="flex flex-col gap-3">
        <h3 className="text-sm font-medium">Custom colour</h3>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <HexColorPicker color={sourceColor} onChange={choose} aria-label="Colour picker" />
          <div className="flex flex-col gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={hexId} className="text-sm font-medium">
                Hex colour
              </label>
              <HexColorInput
                id={hexId}
                color={sourceColor}
                onChange={(hex) => hex.length === 7 && choose(hex)}
                prefixed
                className="w-32 rounded-xl border border-outline bg-surface px-3 py-2 font-mono text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
              />
            </div>
            <Button variant="outlined" onClick={reset} disabled={sourceColor === DEFAULT_SOURCE_COLOR}>
              Reset colour
            </Button>
          </div>
        </div>
      </div>
    </SettingsSection>
  );
}

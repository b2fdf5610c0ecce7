import { Monitor, Moon, Sun } from "lucide-react";
import { parseThemeMode, type ThemeMode } from "@/drive/theme/lib/resolve-theme";
import { useThemeStore } from "@/drive/theme/theme-store";
import { DropdownMenu, DropdownMenuRadioGroup, DropdownMenuRadioItem } from "@/ui/dropdown-menu";
import { IconButton } from "@/ui/icon-button";

const OPTIONS: { mode: ThemeMode; label: string; Icon: typeof Sun }[] = [
  { mode: "light", label: "Light", Icon: Sun },
  { mode: "dark", label: "Dark", Icon: Moon },
  { mode: "system", label: "System", Icon: Monitor },
];

/** Light / Dark / System choice; the button shows the current choice. */
export function ThemeMenu() {
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  const CurrentIcon = OPTIONS.find((o) => o.mode === theme)?.Icon ?? Monitor;
  return (
    <DropdownMenu
      trigger={
        <IconButton label="Theme">
          <CurrentIcon aria-hidden className="size-5" />
        </IconButton>
      }
    >
      <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(parseThemeMode(value))}>
        {OPTIONS.map(({ mode, label, Icon }) => (
          <DropdownMenuRadioItem key={mode} value={mode} icon={<Icon className="size-4" />}>
            {label}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </DropdownMenu>
  );
}

import { cn } from "@/lib/cn";
import { focusRing } from "@/ui/button";

/**
 * A bare checkbox named by `label` (the visible name is elsewhere: the row, the bar) in a 44 px target (48 px on
 * touch screens). `onToggle` learns whether Shift was held: a click and Space from the keyboard both carry it.
 */
export function SelectCheckbox(props: {
  id?: string;
  label: string;
  checked: boolean;
  mixed?: boolean;
  onToggle(shiftKey: boolean): void;
}) {
  return (
    <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center pointer-coarse:size-12">
      <input
        id={props.id}
        type="checkbox"
        aria-label={props.label}
        checked={props.checked}
        ref={(el) => {
          if (el) el.indeterminate = props.mixed ?? false;
        }}
        onChange={(e) => props.onToggle("shiftKey" in e.nativeEvent && e.nativeEvent.shiftKey === true)}
        className={cn("size-5 cursor-pointer rounded accent-primary", focusRing)}
      />
    </label>
  );
}

/** Classes shared by text inputs, text areas and selects, so every field looks and focuses the same. */
export const fieldControlClasses =
  "w-full min-h-10 rounded-xl border border-outline bg-surface px-3 py-2 text-sm pointer-coarse:min-h-12 text-on-surface placeholder:text-on-surface-variant/70 outline-none focus:border-primary focus:ring-2 focus:ring-primary/40 aria-invalid:border-error aria-invalid:ring-error/30 disabled:opacity-60";
export const fieldLabelClasses = "text-sm font-medium text-on-surface";
export const fieldErrorClasses = "text-sm text-error";
export const fieldHintClasses = "text-xs text-on-surface-variant";

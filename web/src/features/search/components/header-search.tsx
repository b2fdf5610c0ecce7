/** The header search box with its filter popup; rendered by the header when signed in. */
export function HeaderSearch() {
  return null;
}

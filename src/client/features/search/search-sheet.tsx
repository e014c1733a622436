// Placeholder until the storefront issue lands.
export function SearchSheet() {
  return null;
}

// Placeholder until the storefront issue lands.
export function CartSheet() {
  return null;
}

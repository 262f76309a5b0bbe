/** Complement groups list (restaurant spec 2): being built. */
export function ComplementGroupList() {
  return null;
}

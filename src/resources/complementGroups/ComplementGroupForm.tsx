/** Complement group create/edit (restaurant spec 2): being built. */
export function ComplementGroupForm() {
  return null;
}

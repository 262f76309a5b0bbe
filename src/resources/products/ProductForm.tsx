export function ProductCreate() {
  return null;
}
export function ProductEdit() {
  return null;
}

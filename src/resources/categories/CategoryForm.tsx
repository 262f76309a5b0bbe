export function CategoryCreate() {
  return null;
}
export function CategoryEdit() {
  return null;
}

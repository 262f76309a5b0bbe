/** Hands a file to the browser as a download (the user's Downloads folder), without leaving the page. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it may go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Puts a text on the clipboard. The Clipboard API exists only in secure contexts, and a tablet on
 * the restaurant's network opens the app over plain http (http://192.168.x.y:3000): there, the
 * text is copied from a hidden text area instead.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Não foi possível copiar.');
  } finally {
    area.remove();
  }
}

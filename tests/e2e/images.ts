import type { Page } from 'playwright-core';

/** Real, decodable images drawn by the browser itself (the upload pipeline decodes them). */
export async function makeImage(
  page: Page,
  type: 'image/png' | 'image/jpeg',
  color: string,
  width = 640,
  height = 480,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ type, color, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = color;
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#fff';
      context.font = '48px sans-serif';
      context.fillText('Painel', 40, 120);
      return canvas.toDataURL(type, 0.9);
    },
    { type, color, width, height },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The demo's pictures, drawn here as small SVG files (a colored card with the name, a logo, an
 * avatar with initials): no remote URL, nothing to download. Rows store `/uploads/demo/…`, which the
 * API serves from DATA_DIR/uploads.
 */
export class DemoImages {
  private readonly files = new Map<string, string | Uint8Array>();

  /** Registers a file under demo/ and returns its URL. The same path twice keeps the first. */
  add(relativePath: string, content: string | Uint8Array): string {
    if (!this.files.has(relativePath)) this.files.set(relativePath, content);
    return `/uploads/demo/${relativePath}`;
  }

  get count(): number {
    return this.files.size;
  }

  /** Writes every file under `<uploadsDir>/demo/`. */
  async write(uploadsDir: string): Promise<void> {
    const root = path.join(uploadsDir, 'demo');
    const folders = new Set([...this.files.keys()].map((file) => path.dirname(path.join(root, file))));
    for (const folder of folders) await fs.mkdir(folder, { recursive: true });
    const entries = [...this.files.entries()];
    // A few at a time: thousands of small writes, without opening thousands of files at once.
    for (let i = 0; i < entries.length; i += 200) {
      await Promise.all(
        entries.slice(i, i + 200).map(([file, content]) => fs.writeFile(path.join(root, file), content)),
      );
    }
  }
}

const FONT = "font-family='Helvetica, Arial, sans-serif'";

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** Splits a title into lines of at most `width` characters, on spaces. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

const hsl = (hue: number, s: number, l: number) => `hsl(${((hue % 360) + 360) % 360},${s}%,${l}%)`;

/** A dish or category card: gradient, a plate, the name; 4:5 when `ratio` is 0.8. */
export function dishCard(title: string, subtitle: string, hue: number, ratio: 1 | 0.8 = 1): string {
  const w = 400;
  const h = ratio === 1 ? 400 : 500;
  const lines = wrap(title, 16, 3);
  const size = lines.length > 2 ? 34 : 40;
  const top = h / 2 + 70 - ((lines.length - 1) * size * 1.15) / 2;
  const text = lines
    .map(
      (line, i) =>
        `<text x='200' y='${Math.round(top + i * size * 1.15)}' text-anchor='middle' font-size='${size}' font-weight='700' fill='#fff'>${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}' viewBox='0 0 ${w} ${h}' ${FONT}>` +
    `<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${hsl(hue, 70, 52)}'/><stop offset='1' stop-color='${hsl(hue + 28, 72, 30)}'/></linearGradient></defs>` +
    `<rect width='${w}' height='${h}' fill='url(#g)'/>` +
    `<circle cx='200' cy='${h / 2 - 70}' r='78' fill='${hsl(hue, 40, 96)}' opacity='.92'/>` +
    `<circle cx='200' cy='${h / 2 - 70}' r='54' fill='none' stroke='${hsl(hue, 60, 45)}' stroke-width='6' opacity='.5'/>` +
    text +
    `<text x='200' y='${h - 24}' text-anchor='middle' font-size='18' fill='#fff' opacity='.8'>${escapeXml(subtitle)}</text>` +
    `</svg>`
  );
}

/** A store logo: initials in a ring and the name, in white (for dark backgrounds) or black. */
export function logo(name: string, hue: number, tone: 'white' | 'black'): string {
  const ink = tone === 'white' ? '#fff' : '#111';
  const initials = name
    .split(/\s+/)
    .filter((w) => w.length > 2 || /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const lines = wrap(name, 14, 2);
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' width='400' height='400' viewBox='0 0 400 400' ${FONT}>` +
    `<circle cx='200' cy='150' r='100' fill='${hsl(hue, 68, tone === 'white' ? 55 : 45)}'/>` +
    `<circle cx='200' cy='150' r='86' fill='none' stroke='${ink}' stroke-width='6'/>` +
    `<text x='200' y='176' text-anchor='middle' font-size='76' font-weight='700' fill='${ink}'>${escapeXml(initials)}</text>` +
    lines
      .map(
        (line, i) =>
          `<text x='200' y='${304 + i * 44}' text-anchor='middle' font-size='40' font-weight='700' fill='${ink}'>${escapeXml(line)}</text>`,
      )
      .join('') +
    `</svg>`
  );
}

/** A wide cover or home photo: the store's colors, name and a line about it. */
export function cover(name: string, line: string, hue: number): string {
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' width='800' height='450' viewBox='0 0 800 450' ${FONT}>` +
    `<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${hsl(hue, 55, 35)}'/><stop offset='1' stop-color='${hsl(hue + 35, 65, 18)}'/></linearGradient></defs>` +
    `<rect width='800' height='450' fill='url(#g)'/>` +
    `<g fill='${hsl(hue, 70, 70)}' opacity='.18'><circle cx='120' cy='90' r='140'/><circle cx='700' cy='380' r='190'/><circle cx='610' cy='60' r='60'/></g>` +
    `<text x='400' y='220' text-anchor='middle' font-size='64' font-weight='700' fill='#fff'>${escapeXml(name)}</text>` +
    `<text x='400' y='275' text-anchor='middle' font-size='26' fill='#fff' opacity='.85'>${escapeXml(line)}</text>` +
    `</svg>`
  );
}

/** A profile picture: initials on a colored disc. */
export function avatar(initials: string, hue: number): string {
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' width='160' height='160' viewBox='0 0 160 160' ${FONT}>` +
    `<circle cx='80' cy='80' r='80' fill='${hsl(hue, 55, 48)}'/>` +
    `<text x='80' y='98' text-anchor='middle' font-size='56' font-weight='700' fill='#fff'>${escapeXml(initials)}</text>` +
    `</svg>`
  );
}

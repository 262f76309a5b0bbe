import type { FileType } from './file-types';

const MiB = 1024 * 1024;

export type Folder = 'images' | 'videos';

export interface FolderRule {
  kind: FileType['kind'];
  maxBytes: number;
  invalid: string;
  tooLarge: string;
}

/** What each upload folder takes (spec: folder images or videos), and what a refusal says. */
export const FOLDERS: Record<Folder, FolderRule> = {
  images: {
    kind: 'image',
    maxBytes: 5 * MiB,
    invalid: 'Arquivo inválido: envie uma imagem PNG, JPEG ou WebP.',
    tooLarge: 'Arquivo grande demais: o limite é 5 MB.',
  },
  videos: {
    kind: 'video',
    maxBytes: 50 * MiB,
    invalid: 'Arquivo inválido: envie um vídeo MP4.',
    tooLarge: 'Arquivo grande demais: o limite é 50 MB.',
  },
};

/** The largest file any folder takes: the parser's own cap. */
export const LARGEST_FILE = Math.max(...Object.values(FOLDERS).map((rule) => rule.maxBytes));

/** Said when the folder is not known yet and the content is nothing we take. */
export const INVALID_FILE = 'Arquivo inválido: envie uma imagem PNG, JPEG ou WebP, ou um vídeo MP4.';

export function isFolder(value: unknown): value is Folder {
  return value === 'images' || value === 'videos';
}

/** The folder a file of this type belongs in. */
export function folderFor(type: FileType): Folder {
  return type.kind === 'image' ? 'images' : 'videos';
}

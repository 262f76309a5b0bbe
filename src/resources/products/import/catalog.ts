import type {
  ImportResult,
  OpdvCategory,
  OpdvItem,
} from '../../../../contract/resources/integrations/definition';

/** The OPDV's price ('42.90', reais with a decimal point) in cents; null when it is no price. */
export function priceInCents(price: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(price.trim())) return null;
  const [reais = '0', cents = ''] = price.trim().split('.');
  return Number(reais) * 100 + Number(cents.padEnd(2, '0'));
}

/** Every item of a category, its sub-categories' too. */
export function itemsOf(category: OpdvCategory): OpdvItem[] {
  return [...category.items, ...category.categories.flatMap(itemsOf)];
}

/** What several imports did, added up: the summary of a whole menu's import. */
export interface ImportTotals {
  created: number;
  linked: number;
  skipped: number;
  failed: ImportResult['failed'];
  /** Store categories the import made. */
  categories: number;
}

export const noImports: ImportTotals = { created: 0, linked: 0, skipped: 0, failed: [], categories: 0 };

export function addResult(totals: ImportTotals, result: Omit<ImportResult, 'category_id'>): ImportTotals {
  return {
    created: totals.created + result.created,
    linked: totals.linked + result.linked,
    skipped: totals.skipped + result.skipped,
    failed: [...totals.failed, ...result.failed],
    categories: totals.categories + (result.category_created ? 1 : 0),
  };
}

/** Where a whole menu's import stands: `done` of `total` top-level categories. */
export interface ImportProgress {
  done: number;
  total: number;
  /** The category being imported now. */
  current: string | null;
}

/**
 * Imports the whole menu one top-level category at a time (one call each, so the progress moves
 * and a failure stops nothing): a category whose call fails counts as a failure with the server's
 * reason, and the others go on. The server skips what is already imported, so running it again
 * after an interruption completes the menu without duplicates.
 */
export async function importWholeMenu(
  categories: OpdvCategory[],
  importCategory: (code: string) => Promise<ImportResult>,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportTotals> {
  let totals = noImports;
  for (const [index, category] of categories.entries()) {
    onProgress({ done: index, total: categories.length, current: category.name });
    try {
      totals = addResult(totals, await importCategory(category.code));
    } catch (error) {
      totals = addResult(totals, {
        category_created: false,
        created: 0,
        linked: 0,
        skipped: 0,
        failed: [{ code: category.code, name: category.name, reason: (error as Error).message }],
      });
    }
  }
  onProgress({ done: categories.length, total: categories.length, current: null });
  return totals;
}

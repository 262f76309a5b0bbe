/**
 * The OPDV client: one integration's catalogue, read from its point of sale with its token. The
 * token is opened here and nowhere else, and never logged. Calls time out (10 s by default);
 * a 5xx or a network failure is tried again with exponential back-off (3 tries in all); a timeout
 * is not (a point of sale that is slow under load is not helped by more calls); 429 and 400/401
 * come back at once as typed errors, which the routes answer with the spec's messages. Redirects
 * are followed within the point of sale's own origin only.
 */
import { z } from 'zod';
import { openToken } from './crypto';

export type OpdvFailure = 'rate-limit' | 'no-integration' | 'unreachable';

export class OpdvError extends Error {
  constructor(
    readonly failure: OpdvFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'OpdvError';
  }
}

const opdvOption = z.object({ code: z.coerce.string(), name: z.string(), price: z.coerce.string() });
const opdvWireItem = z.object({
  code: z.coerce.string(),
  name: z.string(),
  description: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  price: z.coerce.string(),
  image_url: z
    .string()
    .nullish()
    .transform((url) => url ?? null),
  options: z.array(opdvOption).optional().default([]),
});
export type OpdvWireItem = z.infer<typeof opdvWireItem>;

export interface OpdvWireCategory {
  code: string;
  name: string;
  categories: OpdvWireCategory[];
  items: OpdvWireItem[];
}

const opdvWireCategory: z.ZodType<OpdvWireCategory> = z.object({
  code: z.coerce.string(),
  name: z.string(),
  get categories() {
    return z.array(opdvWireCategory).optional().default([]);
  },
  items: z.array(opdvWireItem).optional().default([]),
}) as unknown as z.ZodType<OpdvWireCategory>;

const catalogueAnswer = z.object({ data: z.array(opdvWireCategory) });

export interface OpdvSettings {
  /** Where the point of sale answers when an integration names no address of its own. */
  defaultUrl: string;
  timeoutMs: number;
  /** Tries in all, on a 5xx or a network failure. */
  tries: number;
  /** The first pause between tries; each next one doubles. */
  backoffMs: number;
  key: Buffer;
}

export interface IntegrationAccess {
  token: string;
  base_url: string | null;
}

/** What the client needs of `fetch` (tests may hand in their own). */
export type Fetch = typeof fetch;

export class OpdvClient {
  constructor(
    private readonly settings: OpdvSettings,
    private readonly doFetch: Fetch = fetch,
  ) {}

  /** The point of sale's address: the integration's own, or the one the server is configured with. */
  addressOf(integration: Pick<IntegrationAccess, 'base_url'>): string {
    return (integration.base_url ?? this.settings.defaultUrl).replace(/\/+$/, '');
  }

  /** The integration's catalogue: nested categories with their items. */
  async catalogue(integration: IntegrationAccess): Promise<OpdvWireCategory[]> {
    const token = openToken(integration.token, this.settings.key);
    // A token sealed under another key cannot reach any store: as if none were configured.
    if (!token) throw new OpdvError('no-integration', 'token could not be opened');
    const url = `${this.addressOf(integration)}/v1/catalog`;
    let last = 'no answer';
    for (let attempt = 1; attempt <= this.settings.tries; attempt++) {
      if (attempt > 1) await pause(this.settings.backoffMs * 2 ** (attempt - 2));
      let response: Response;
      try {
        response = await this.fetchFromOrigin(url, token, AbortSignal.timeout(this.settings.timeoutMs));
      } catch (error) {
        if (error instanceof OpdvError) throw error;
        if ((error as Error).name === 'TimeoutError') {
          throw new OpdvError('unreachable', `no answer in ${this.settings.timeoutMs} ms`);
        }
        last = `network: ${(error as Error).message}`;
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        throw new OpdvError('rate-limit', 'rate limited');
      }
      if (response.status === 400 || response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new OpdvError('no-integration', `refused with ${response.status}`);
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        last = `status ${response.status}`;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new OpdvError('unreachable', `status ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') {
          throw new OpdvError('unreachable', `no answer in ${this.settings.timeoutMs} ms`);
        }
        throw new OpdvError('unreachable', 'the answer is not JSON');
      }
      const parsed = catalogueAnswer.safeParse(body);
      if (!parsed.success) throw new OpdvError('unreachable', 'the answer is not a catalogue');
      return parsed.data.data;
    }
    throw new OpdvError('unreachable', `${this.settings.tries} tries: ${last}`);
  }

  /**
   * One call, following redirects only within the point of sale's own origin (the address an
   * administrator or the configuration chose): a redirect elsewhere could lead the server, token
   * in hand, to a machine inside its own network and show what it answers. Such a redirect is
   * refused, its answer never read.
   */
  private async fetchFromOrigin(url: string, token: string, signal: AbortSignal): Promise<Response> {
    const { origin } = new URL(url);
    let target = url;
    for (let hop = 0; ; hop++) {
      const response = await this.doFetch(target, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal,
        redirect: 'manual',
      });
      if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
      await response.body?.cancel();
      const location = response.headers.get('location');
      const next = location && URL.canParse(location, target) ? new URL(location, target) : null;
      if (!next) throw new OpdvError('unreachable', `redirect (${response.status}) without a valid location`);
      if (next.origin !== origin) throw new OpdvError('unreachable', `redirect to ${next.origin} refused`);
      if (hop >= MAX_REDIRECTS) throw new OpdvError('unreachable', `more than ${MAX_REDIRECTS} redirects`);
      target = next.href;
    }
  }
}

/** Redirects followed within the point of sale's origin, as many as for its pictures. */
const MAX_REDIRECTS = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every item of a catalogue with the category it sits in (sub-categories' items with theirs). */
export function itemsWithCategory(
  categories: readonly OpdvWireCategory[],
): { item: OpdvWireItem; category: OpdvWireCategory }[] {
  return categories.flatMap((category) => [
    ...category.items.map((item) => ({ item, category })),
    ...itemsWithCategory(category.categories),
  ]);
}

/** An OPDV category by its code, at any depth. */
export function findCategory(
  categories: readonly OpdvWireCategory[],
  code: string,
): OpdvWireCategory | undefined {
  for (const category of categories) {
    if (category.code === code) return category;
    const found = findCategory(category.categories, code);
    if (found) return found;
  }
  return undefined;
}

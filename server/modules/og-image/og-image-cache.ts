import { LRUCache } from "lru-cache";
import type { OgImageCard } from "./og-image-card";

export interface OgImageCacheOptions {
  /** Images kept, least recently used out first: about 100–200 KB each. */
  maxEntries: number;
  /** Renders at once; the rest wait their turn, so a burst can't take every core or 100 MB. */
  maxConcurrentRenders: number;
  render: (card: OgImageCard) => Promise<Uint8Array>;
}

export interface OgImageCache {
  /** The PNG for `card`, whose address version is `key`: from memory, or drawn once. */
  get(key: string, card: OgImageCard): Promise<Uint8Array>;
  readonly size: number;
}

/**
 * A bounded LRU of rendered images. A shared link is fetched by every chat app and crawler
 * that sees it, within seconds; the first request draws it and the others (concurrent ones
 * included) get the same bytes. Failed renders are not kept.
 */
export function createOgImageCache(options: OgImageCacheOptions): OgImageCache {
  const entries = new LRUCache<string, Promise<Uint8Array>>({ max: options.maxEntries });
  const limitRenders = createConcurrencyLimit(options.maxConcurrentRenders);
  return {
    get(key, card) {
      const hit = entries.get(key);
      if (hit) return hit;
      const image = limitRenders(() => options.render(card));
      entries.set(key, image);
      image.catch(() => {
        if (entries.peek(key) === image) entries.delete(key);
      });
      return image;
    },
    get size() {
      return entries.size;
    },
  };
}

function createConcurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

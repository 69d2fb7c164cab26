import type { Representation } from './representation';

/**
 * Representations by key (an ETag), the least recently used forgotten first once they hold more than
 * `maxBytes`. For answers few callers share: a forgotten one is only made again.
 */
export class RepresentationCache {
  private readonly entries = new Map<string, Representation>();
  private held = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, make: () => Representation): Representation {
    let found = this.entries.get(key);
    if (found)
      this.entries.delete(key); // moved to the most recent end
    else {
      found = make();
      this.held += found.footprint;
      for (const [oldKey, old] of this.entries) {
        if (this.held <= this.maxBytes) break;
        this.entries.delete(oldKey);
        this.held -= old.footprint;
      }
    }
    this.entries.set(key, found);
    return found;
  }
}

import type { Representation } from './representation';

/**
 * Representations by key (an ETag), the least recently used forgotten first once they hold more than
 * `maxBytes`. For answers few callers share: a forgotten one is only made again.
 */
export class RepresentationCache {
  private readonly entries = new Map<string, Representation>();

  constructor(private readonly maxBytes: number) {}

  get(key: string, make: () => Representation): Representation {
    let found = this.entries.get(key);
    if (found)
      this.entries.delete(key); // moved to the most recent end
    else {
      found = make();
      this.evictFor(found.size);
    }
    this.entries.set(key, found);
    return found;
  }

  // Summed afresh on each insert, since a representation grows as its codings are made; inserts are
  // rare (a caller's answer after a change) and the entries few (megabytes of 100 KB answers).
  private evictFor(incoming: number): void {
    let held = incoming;
    for (const entry of this.entries.values()) held += entry.size;
    for (const [key, entry] of this.entries) {
      if (held <= this.maxBytes) return;
      this.entries.delete(key);
      held -= entry.size;
    }
  }
}

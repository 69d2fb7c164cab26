import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

describe('coalesced', () => {
  it('runs once at a time, and once more for any number of calls during a run', async () => {
    let runs = 0;
    let active = 0;
    let most = 0;
    const gate: Array<() => void> = [];
    const run = coalesced(async () => {
      runs += 1;
      active += 1;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => gate.push(resolve));
      active -= 1;
    });
    const first = run();
    const during = [run(), run(), run()];
    gate.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2); // the three calls during the first run asked for one more
    gate.shift()!();
    await Promise.all([first, ...during]);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    await run.idle();
    expect(runs).toBe(2); // idle starts nothing
    const later = run();
    const idle = run.idle();
    gate.shift()!();
    await Promise.all([later, idle]);
    expect(runs).toBe(3);
  });
});

/**
 * Wraps `work` so that at most one run is under way: a call during a run asks for one more run after it
 * (however many calls arrive), and every caller's promise settles when the runs it may depend on are done.
 * The event bus reads new events this way, and the job queue claims jobs.
 */
export interface Coalesced {
  (): Promise<void>;
  /** Settles when no run is under way, starting none (for shutting down). */
  idle(): Promise<void>;
}

export function coalesced(work: () => Promise<void>): Coalesced {
  let running: Promise<void> | null = null;
  let again = false;
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await work();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }
  return Object.assign(run, { idle: async () => void (await running) });
}

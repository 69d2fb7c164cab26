import pg from 'pg';

/** A LISTEN subscription; `onResume` runs after a lost connection came back (catch up then). */
export interface Listener {
  /** `payload`: what the NOTIFY carried ('' when nothing). */
  onNotify: (payload: string) => void;
  onResume: () => void;
}

export type Listen = (channel: string, listener: Listener) => Promise<() => Promise<void>>;

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * LISTEN on a dedicated PostgreSQL connection that comes back after the server restarts
 * (SECURITY FI-5): notifications sent while it was away are not replayed, so `onResume` tells the
 * listener to catch up from its table.
 */
export function listenPostgres(url: string): Listen {
  return async (channel, listener) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let failures = 0;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url, application_name: 'lectern-listen' });
      next.on('notification', (message) => {
        if (message.channel === channel) listener.onNotify(message.payload ?? '');
      });
      next.on('error', () => undefined); // 'end' follows and reconnects
      next.on('end', () => {
        if (stopped || client !== next) return;
        client = null;
        scheduleReconnect();
      });
      await next.connect();
      await next.query(`listen "${channel}"`);
      client = next;
    };

    const scheduleReconnect = () => {
      const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
      failures += 1;
      setTimeout(() => {
        if (stopped) return;
        connect().then(
          () => {
            failures = 0;
            listener.onResume();
          },
          () => scheduleReconnect(),
        );
      }, delay).unref();
    };

    await connect();
    return async () => {
      stopped = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    };
  };
}

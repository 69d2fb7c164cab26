import pg from 'pg';
import {
  DEFAULT_LOCK_TIMEOUT_MS,
  type LockOptions,
  LockTimeoutError,
  type Locks,
  MemoryLocks,
  type Unlock,
} from './locks';

// Locks across instances: a PostgreSQL session-level advisory lock per key, all taken on one dedicated
// connection per instance (so a thousand open uploads hold one connection, not a thousand; and a crashed
// instance's locks go with its connection). Advisory locks are re-entrant within a session, so the
// instance's own requests are kept apart first by the in-memory locks. A waiter asks the holder to let go
// with NOTIFY, which reaches the holder whichever instance it runs on (tus cancels a stale PATCH so a
// resumed one can take over). If the connection drops, the locks it held are gone: the next lock opens
// a new one.

const RELEASE_CHANNEL = 'lectern_lock_release';
/** First key of the two-key advisory lock space: ours, apart from the migration lock's one-key space. */
const LOCK_SPACE = 1_818_588_276;
const RETRY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PostgresLocks implements Locks {
  private readonly local = new MemoryLocks();
  /** Keys this instance holds in PostgreSQL, with the holder's release request. */
  private readonly heldHere = new Map<string, (() => void) | undefined>();
  private connection: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly url: string) {}

  async lock(key: string, options: LockOptions = {}): Promise<Unlock> {
    const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
    const unlockLocal = await this.local.lock(key, { ...options, timeoutMs: deadline - Date.now() });
    try {
      const client = await this.client();
      while (!(await this.tryLock(client, key))) {
        if (options.signal?.aborted || Date.now() + RETRY_MS > deadline) throw new LockTimeoutError(key);
        await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, key]);
        await sleep(RETRY_MS);
      }
      this.heldHere.set(key, options.onReleaseRequested);
      return async () => {
        this.heldHere.delete(key);
        await client
          .query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, key])
          .catch(() => undefined); // a lost connection already released it
        await unlockLocal();
      };
    } catch (error) {
      await unlockLocal();
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const current = this.connection;
    this.connection = null;
    await current?.then((client) => client.end()).catch(() => undefined);
  }

  private async tryLock(client: pg.Client, key: string): Promise<boolean> {
    const { rows } = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1, hashtext($2)) as ok',
      [LOCK_SPACE, key],
    );
    return rows[0]!.ok;
  }

  private client(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('locks closed'));
    this.connection ??= this.connect();
    return this.connection;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'lectern-locks' });
    const forget = () => {
      if (this.connection === attempt) this.connection = null;
      this.heldHere.clear();
    };
    const attempt = (async () => {
      client.on('error', forget);
      client.on('end', forget);
      client.on('notification', (message) => {
        if (message.channel !== RELEASE_CHANNEL || !message.payload) return;
        if (this.heldHere.has(message.payload)) this.heldHere.get(message.payload)?.();
      });
      await client.connect();
      await client.query(`listen ${RELEASE_CHANNEL}`);
      return client;
    })();
    attempt.catch(forget);
    return attempt;
  }
}

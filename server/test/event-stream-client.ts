import { createParser } from 'eventsource-parser';
import type { StreamEvent } from '@lectern/shared';

/**
 * An event as a test reads it: any event type's field may be looked at, each possibly absent (the tests
 * check what arrived, whatever its type; the app's own code narrows on `type`).
 */
export type ReceivedData = Pick<StreamEvent, 'id' | 'type'> & AnyFieldOf<StreamEvent>;
type KeyOfAny<U> = U extends unknown ? keyof U : never;
type AnyFieldOf<U> = { [K in KeyOfAny<U>]?: U extends { [P in K]?: infer V } ? V : never };

export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: ReceivedData;
}

export interface EventStreamClient {
  readonly status: number;
  readonly events: ReceivedEvent[];
  /** Resolves when the server ended the stream. */
  readonly ended: Promise<void>;
  /** Waits until an event matching `match` arrived (and answers it), or fails after timeoutMs. */
  waitFor(match: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/** Reads `GET /api/events` the way the web app does: fetch with the bearer header, eventsource-parser. */
export async function openEventStream(
  baseUrl: string,
  options: { token?: string; videoId?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const url = new URL('/api/events', baseUrl);
  if (options.videoId) url.searchParams.set('videoId', options.videoId);
  const res = await fetch(url, {
    signal: controller.signal,
    headers: {
      ...options.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());

  const parser = createParser({
    onEvent({ id, event = 'message', data }) {
      if (data === '') return; // the stream's opening position: an id, and no event
      events.push({ id: id ?? null, event, data: JSON.parse(data) as ReceivedData });
      notify();
    },
  });
  const ended = (async () => {
    if (!res.ok || !res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted by close()
    }
    notify();
  })();

  return {
    status: res.status,
    events,
    ended,
    waitFor(match, timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

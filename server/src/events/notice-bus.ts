import type { FastifyBaseLogger } from 'fastify';
import type { Listen } from '../db/notifications';
import { type Notice, NOTICES_CHANNEL, decodeNotice } from './notices';

export type NoticeListener = (notice: Notice) => void;

/** One per process: hands every ephemeral notice (events/notices.ts), from any instance, to its listeners. */
export interface NoticeBus {
  subscribe(listener: NoticeListener): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createNoticeBus(listen: Listen, log: FastifyBaseLogger): NoticeBus {
  const listeners = new Set<NoticeListener>();
  let unlisten: (() => Promise<void>) | null = null;

  const dispatch = (text: string) => {
    const notice = decodeNotice(text);
    if (!notice) return void log.warn('an unreadable notice was ignored');
    for (const listener of listeners) {
      try {
        listener(notice);
      } catch (err) {
        log.error({ err, kind: notice.kind }, 'notice listener failed');
      }
    }
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      // Nothing to catch up after a lost connection: a notice is worth something only when it is sent.
      unlisten = await listen(NOTICES_CHANNEL, { onNotify: dispatch, onResume: () => undefined });
    },
    async stop() {
      await unlisten?.();
    },
  };
}

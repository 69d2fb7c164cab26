import type { FastifyBaseLogger } from 'fastify';
import type { Listen } from '../db/notifications';
import { type Notice, NOTICES_CHANNEL, decodeNotice } from './notices';

export type NoticeListener = (notice: Notice) => void;

/** One per process: hands every ephemeral notice (events/notices.ts), from any instance, to its listeners. */
export interface NoticeBus {
  subscribe(listener: NoticeListener): () => void;
  /** Runs `listener` when the connection that brings notices came back: some may have been missed. */
  onResume(listener: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createNoticeBus(listen: Listen, log: FastifyBaseLogger): NoticeBus {
  const listeners = new Set<NoticeListener>();
  const resumeListeners = new Set<() => void>();
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
    onResume(listener) {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    async start() {
      // Nothing to replay after a lost connection (a notice is worth something only when it is sent), but
      // whoever keeps copies that notices would have corrected drops them.
      unlisten = await listen(NOTICES_CHANNEL, {
        onNotify: dispatch,
        onResume: () => resumeListeners.forEach((listener) => listener()),
      });
    },
    async stop() {
      await unlisten?.();
    },
  };
}

import type { StreamEvent } from '@lectern/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { authHeaders } from '../api-client';
import { applySignal, readSignal } from './event-invalidations';
import { runEventStream } from './event-stream';
import { oldestReadPosition } from './read-position';

/**
 * 'connecting' before the first answer, 'open' while events flow, 'reconnecting' after a failure, 'off'
 * when there is nothing to follow (an anonymous visitor away from a watch page: the server answers 401).
 */
export type EventsStatus = 'off' | 'connecting' | 'open' | 'reconnecting';

interface EventsContextValue {
  status: EventsStatus;
  /** Also receive the answered-question events of this video (a watcher who is not a member); returns the undo. */
  watchVideo(videoId: string): () => void;
  /** Subscribes again, so the server reads the user's memberships afresh (after a join). */
  resubscribe(): void;
  /** Hands every event to `listener` too (a live room's signalling); returns the undo. */
  listen(listener: (event: StreamEvent) => void): () => void;
}

const EventsContext = createContext<EventsContextValue | null>(null);

/**
 * The app's one events stream (GET /api/events): each event invalidates the reads it makes stale, so the
 * screens showing them refetch at once. Mounted once at the root. It subscribes again when the signed-in
 * user changes (`sessionKey`) or a watch page asks for a video's events, and carries the last event id
 * across those, so nothing is missed in between.
 */
export function EventsProvider({
  enabled,
  sessionKey,
  onEvent,
  children,
}: {
  /** False while the session is still being checked: the stream waits to connect as the right user. */
  enabled: boolean;
  sessionKey: string | null;
  onEvent?(event: StreamEvent): void;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [watched, setWatched] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  // The status belongs to one subscription: a new one starts as 'connecting', whatever the last one was.
  const subscription =
    enabled && (sessionKey !== null || watched !== null) ? `${sessionKey}|${watched}|${generation}` : null;
  const [reported, setReported] = useState<{ subscription: string; status: EventsStatus } | null>(null);
  const status: EventsStatus =
    subscription === null ? 'off' : reported?.subscription === subscription ? reported.status : 'connecting';
  const onEventRef = useRef(onEvent);
  const lastEventId = useRef('');
  const listeners = useRef(new Set<(event: StreamEvent) => void>());
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  useEffect(() => {
    if (subscription === null) return;
    const controller = new AbortController();
    const setStatus = (next: EventsStatus) => setReported({ subscription, status: next });
    // The first stream of the tab resumes from where its first reads stood (read-position.ts).
    lastEventId.current ||= oldestReadPosition();
    void runEventStream({
      url: `/api/events${watched ? `?videoId=${encodeURIComponent(watched)}` : ''}`,
      headers: authHeaders,
      lastEventId: lastEventId.current,
      onOpen: ({ resumed }) => {
        setStatus('open');
        // Without an id to resume from (nothing read yet, or an old server), the server starts from now:
        // what was read before this moment may have missed a change. Refetch what is shown.
        if (!resumed) void queryClient.invalidateQueries();
      },
      onEventId: (id) => (lastEventId.current = id),
      onMessage: (message) => {
        const signal = readSignal(message.event, message.data);
        void applySignal(queryClient, signal);
        if (signal.kind !== 'event') return;
        onEventRef.current?.(signal.event);
        for (const listener of listeners.current) listener(signal.event);
      },
      onDrop: () => setStatus('reconnecting'),
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [subscription, watched, queryClient]);

  const watchVideo = useCallback((videoId: string) => {
    setWatched(videoId);
    return () => setWatched((current) => (current === videoId ? null : current));
  }, []);
  const resubscribe = useCallback(() => setGeneration((g) => g + 1), []);
  const listen = useCallback((listener: (event: StreamEvent) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const value = useMemo(
    () => ({ status, watchVideo, resubscribe, listen }),
    [status, watchVideo, resubscribe, listen],
  );
  return <EventsContext.Provider value={value}>{children}</EventsContext.Provider>;
}

function useEvents(): EventsContextValue {
  const events = useContext(EventsContext);
  if (!events) throw new Error('useEvents outside EventsProvider');
  return events;
}

export const useEventsStatus = (): EventsStatus => useEvents().status;

/**
 * The spec's polling interval while the stream is down, none while events arrive (they refetch sooner).
 * `covered` false: the events this reader gets do not cover the read (an anonymous watcher receives only
 * answers), so it keeps polling.
 */
export function usePollInterval(ms: number, covered = true): number | false {
  const { status } = useEvents();
  return covered && status === 'open' ? false : ms;
}

/** After a change of the user's memberships: the stream follows the new courses at once. */
export const useResubscribe = (): (() => void) => useEvents().resubscribe;

/** A watch page subscribes to its video's answers while it is shown. */
export function useVideoEvents(videoId: string | undefined): void {
  const { watchVideo } = useEvents();
  useEffect(() => (videoId ? watchVideo(videoId) : undefined), [videoId, watchVideo]);
}

/**
 * Calls `listener` with every event this tab receives while mounted (the latest `listener`, so it may
 * close over state). For what is not a cache refresh: a live room's signals, a waiting student's alert.
 */
export function useStreamEvents(listener: (event: StreamEvent) => void): void {
  const { listen } = useEvents();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => listen((event) => latest.current(event)), [listen]);
}

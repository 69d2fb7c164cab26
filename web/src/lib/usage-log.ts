import type { LogEntryBody, UsageAction } from '@lectern/shared';
import { api } from './api-client';

/** Context of a usage event (SPEC §3 Usage-event names): which video, lecture, course and question. */
export type UsageContext = Omit<LogEntryBody, 'action' | 'pageURL' | 'userID'>;

/**
 * Fire-and-forget usage event (POST /api/logging/log). The server takes the user from the token, so no
 * userID is sent. Failures are only written to the console (SPEC §7): logging never disturbs playback.
 * `keepalive` lets the request outlive the page, as navigator.sendBeacon would, but with the token.
 */
export function logUsage(action: UsageAction, context: UsageContext, { keepalive = false } = {}): void {
  const body: LogEntryBody = {
    ...context,
    videoTime: context.videoTime == null ? null : Math.max(0, context.videoTime),
    action,
    pageURL: window.location.href.slice(0, 2048),
  };
  api('/api/logging/log', { method: 'POST', body, keepalive }).catch((error: unknown) => {
    console.error('usage log failed', action, error);
  });
}

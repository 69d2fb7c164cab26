import type { StreamEvent } from '@lectern/shared';
import type { ReactNode } from 'react';
import { toast } from '../lib/toast';
import { useSession } from '../features/auth/session-context';
import { AnsweredNotice } from '../features/questions/components/AnsweredNotice';
import { EventsProvider } from '../lib/events/EventsProvider';
import { router } from './router';

/** The asker hears of an answer wherever they are in the app; once per answer, even if replayed. */
function notifyAnswered(event: StreamEvent): void {
  if (event.type !== 'question.answered' || !event.own || !event.videoId || !event.responseId) return;
  const href = `/video/${event.videoId}/${event.responseId}`;
  toast.info(<AnsweredNotice href={href} onOpen={() => void router.navigate(href)} />, {
    toastId: `answered-${event.responseId}`,
  });
}

/** The events stream of the signed-in user (or of an anonymous visitor), started once the session is known. */
export function LiveEvents({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  return (
    <EventsProvider enabled={status === 'ready'} sessionKey={user?.id ?? null} onEvent={notifyAnswered}>
      {children}
    </EventsProvider>
  );
}

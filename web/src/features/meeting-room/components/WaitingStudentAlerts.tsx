import { useState } from 'react';
import { useStreamEvents } from '../../../lib/events/EventsProvider';
import { WaitingAlert, canNotify } from '../waiting-alert';

/**
 * On the instructor's pages (Action Items): a sound and a browser notification when a student starts
 * waiting in a live room. Browsers ask for notifications only after a click, hence the button.
 */
export function WaitingStudentAlerts({ onOpen }: { onOpen(questionId: string): void }) {
  const [alert] = useState(() => new WaitingAlert(onOpen));
  const [permission, setPermission] = useState(() => (canNotify() ? Notification.permission : 'denied'));
  useStreamEvents(alert.onEvent);
  if (permission !== 'default') return null;
  return (
    <p className="hint">
      <button
        type="button"
        className="link-button"
        onClick={() => void Notification.requestPermission().then(setPermission)}
      >
        Notify me when a student waits in a live room
      </button>
    </p>
  );
}

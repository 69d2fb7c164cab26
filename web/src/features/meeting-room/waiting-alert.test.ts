import { STATUS_TEXT, type StreamEvent } from '@lectern/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WaitingAlert } from './waiting-alert';

/** Stand-ins for the browser's sound and notifications, recording what the alert did. */
function browser(permission: NotificationPermission) {
  const chimes: number[] = [];
  const notices: { body: string | undefined; onclick: (() => void) | null }[] = [];
  class FakeAudio {
    currentTime = 0;
    destination = {};
    constructor() {
      chimes.push(1);
    }
    createOscillator = () => ({ frequency: {}, connect: (n: unknown) => n, start() {}, stop() {} });
    createGain = () => ({
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (n: unknown) => n,
    });
    close = () => Promise.resolve();
  }
  class FakeNotification {
    static permission = permission;
    onclick: (() => void) | null = null;
    constructor(_title: string, options: { body?: string }) {
      notices.push(Object.assign(this, { body: options.body }));
    }
  }
  vi.stubGlobal('AudioContext', FakeAudio);
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('window', { focus() {} });
  return { chimes, notices };
}

const presence = (questionId: string, waiting: boolean, type: StreamEvent['type'] = 'room.presence') =>
  ({ id: '1', type, questionId, waiting }) as StreamEvent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('WaitingAlert', () => {
  it('chimes and notifies once when a student starts waiting, and the notice opens that room', () => {
    const { chimes, notices } = browser('granted');
    const opened: string[] = [];
    const alert = new WaitingAlert((id) => opened.push(id));
    alert.onEvent(presence('q1', false));
    alert.onEvent(presence('q1', true, 'question.status'));
    expect(chimes).toEqual([]);
    alert.onEvent(presence('q1', true));
    alert.onEvent(presence('q1', true)); // the student rejoined a moment later: no second alert
    expect(chimes).toHaveLength(1);
    expect(notices.map((n) => n.body)).toEqual([STATUS_TEXT.liveWaiting]);
    notices[0]!.onclick?.();
    expect(opened).toEqual(['q1']);
    alert.onEvent(presence('q2', true));
    expect(chimes).toHaveLength(2);
  });

  it('alerts again for the same question after a minute, and only chimes without permission', () => {
    vi.useFakeTimers();
    const { chimes, notices } = browser('default');
    const alert = new WaitingAlert(() => undefined);
    alert.onEvent(presence('q1', true));
    vi.advanceTimersByTime(61_000);
    alert.onEvent(presence('q1', true));
    expect(chimes).toHaveLength(2);
    expect(notices).toEqual([]);
  });
});

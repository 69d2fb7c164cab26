import { STATUS_TEXT, type StreamEvent } from '@lectern/shared';

/** One alert per question this often at most: a student rejoining after a drop is not a new wait. */
const REPEAT_AFTER_MS = 60_000;

/** Two short tones from Web Audio (no sound file to ship). */
function chime(): void {
  const audio = new AudioContext();
  for (const [at, frequency] of [
    [0, 660],
    [0.25, 880],
  ] as const) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, audio.currentTime + at);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.2);
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + at);
    tone.stop(audio.currentTime + at + 0.2);
  }
  setTimeout(() => void audio.close(), 1000);
}

export const canNotify = (): boolean => typeof Notification !== 'undefined';

/**
 * Decides, for the instructor's open pages, which `room.presence` events mean "a student starts waiting"
 * and alerts once: a sound, and a browser notification once the instructor allowed them.
 */
export class WaitingAlert {
  private readonly alerted = new Map<string, number>();

  constructor(private readonly open: (questionId: string) => void) {}

  onEvent = (event: StreamEvent): void => {
    if (event.type !== 'room.presence' || !event.waiting || !event.questionId) return;
    const last = this.alerted.get(event.questionId);
    if (last !== undefined && Date.now() - last < REPEAT_AFTER_MS) return;
    this.alerted.set(event.questionId, Date.now());
    try {
      chime();
    } catch {
      // No sound before the page was interacted with: the notification and the list still say it.
    }
    if (canNotify() && Notification.permission === 'granted') {
      const questionId = event.questionId;
      const notice = new Notification('Lectern', {
        body: STATUS_TEXT.liveWaiting,
        tag: `waiting-${questionId}`,
      });
      notice.onclick = () => {
        window.focus();
        this.open(questionId);
      };
    }
  };
}

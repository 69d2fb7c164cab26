// What the recorder can capture, and what to tell the instructor when a device is missing or blocked.
// Pure: the browser calls are in capture.ts; this decides from their outcomes.

export type CaptureMode = 'camera' | 'screen' | 'screenWithCamera';

export const CAPTURE_MODES: readonly { mode: CaptureMode; label: string }[] = [
  { mode: 'camera', label: 'Camera' },
  { mode: 'screen', label: 'Screen' },
  { mode: 'screenWithCamera', label: 'Screen with camera in a corner' },
];

export type Device = 'camera' | 'microphone' | 'screen';

/** The outcome of asking for one device: 'ok', or the DOMException name of the refusal. */
export type DeviceOutcome = 'ok' | string;

/** What is actually being captured, which can be less than asked for (no camera, no microphone). */
export interface Sources {
  video: CaptureMode;
  audio: boolean;
}

export type CapturePlan = { ok: true; sources: Sources; notes: string[] } | { ok: false; problem: string };

const DEVICE_NAME: Record<Device, string> = { camera: 'Camera', microphone: 'Microphone', screen: 'Screen' };

/** Why a device could not be used, in words a person understands, from getUserMedia's error name. */
export function deviceProblem(device: Device, errorName: string): string {
  const name = DEVICE_NAME[device];
  switch (errorName) {
    case 'NotAllowedError':
    case 'SecurityError':
      return device === 'screen'
        ? 'Screen sharing was cancelled or is blocked.'
        : `${name} access was denied. Allow it in your browser's site settings and try again.`;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return `No ${device} was found.`;
    case 'NotReadableError':
    case 'AbortError':
      return `The ${device} is in use by another application or could not be started.`;
    case 'NotSupportedError':
    case 'TypeError':
      return `This browser cannot use the ${device} here.`;
    default:
      return `${name} could not be used (${errorName}).`;
  }
}

const wants = (mode: CaptureMode) => ({ screen: mode !== 'camera', camera: mode !== 'screen' });

/**
 * Decides what to record from the outcomes: a missing screen (screen modes) or camera (camera mode) stops
 * with a problem that points to the option that still works; a missing corner camera falls back to the
 * screen alone, and a missing microphone to a recording without sound, each with a note saying so.
 */
export function planCapture(
  mode: CaptureMode,
  outcome: { screen?: DeviceOutcome; camera?: DeviceOutcome; microphone: DeviceOutcome },
): CapturePlan {
  const want = wants(mode);
  const micNote =
    outcome.microphone === 'ok'
      ? []
      : [`${deviceProblem('microphone', outcome.microphone)} The recording will have no sound.`];
  if (want.screen && outcome.screen !== 'ok') {
    const why = deviceProblem('screen', outcome.screen ?? 'NotSupportedError');
    return { ok: false, problem: `${why} You can record your camera instead.` };
  }
  if (mode === 'camera' && outcome.camera !== 'ok') {
    const why = deviceProblem('camera', outcome.camera ?? 'NotSupportedError');
    return { ok: false, problem: [`${why} You can still record your screen.`, ...micNote].join(' ') };
  }
  const cornerLost = mode === 'screenWithCamera' && outcome.camera !== 'ok';
  const notes = cornerLost
    ? [`${deviceProblem('camera', outcome.camera ?? 'NotSupportedError')} Recording the screen only.`]
    : [];
  return {
    ok: true,
    sources: { video: cornerLost ? 'screen' : mode, audio: outcome.microphone === 'ok' },
    notes: [...notes, ...micNote],
  };
}

const VIDEO_WORDS: Record<CaptureMode, string> = {
  camera: 'your camera',
  screen: 'your screen',
  screenWithCamera: 'your screen with your camera in a corner',
};

/** "your camera and microphone", "your screen without sound", … for the status line. */
export function describeSources({ video, audio }: Sources): string {
  return `${VIDEO_WORDS[video]}${audio ? ' and microphone' : ' without sound'}`;
}

/** Which devices a mode asks for, in the order capture.ts asks (the screen first, while the click counts). */
export const devicesFor = (mode: CaptureMode): Device[] => [
  ...(wants(mode).screen ? (['screen'] as const) : []),
  ...(wants(mode).camera ? (['camera'] as const) : []),
  'microphone',
];

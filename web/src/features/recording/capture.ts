import { type CaptureMode, type DeviceOutcome, type Sources, planCapture } from './capture-plan';
import { compositeScreenAndCamera } from './compositor';

/** The live devices of one recording session: `stream` is what is previewed and recorded. */
export interface Capture {
  stream: MediaStream;
  sources: Sources;
  notes: string[];
  /** Calls `listener` once when a recorded source ends (the browser's "Stop sharing", a camera unplugged). */
  onSourceEnded(listener: () => void): void;
  /** Stops every track (the camera light goes off) and the compositing. */
  stop(): void;
}

export class CaptureRefused extends Error {}

const outcomeOf = (result: PromiseSettledResult<MediaStream>): DeviceOutcome =>
  result.status === 'fulfilled' ? 'ok' : ((result.reason as { name?: string }).name ?? 'NotSupportedError');

const stopAll = (streams: (MediaStream | undefined)[]) =>
  streams.forEach((s) => s?.getTracks().forEach((t) => t.stop()));

const settle = (promise: Promise<MediaStream>) => Promise.allSettled([promise]).then(([result]) => result);

/** The browser's device calls, rejecting with a TypeError where it has none (an insecure page). */
function userMedia(constraints: MediaStreamConstraints): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new TypeError('No media devices'));
  return navigator.mediaDevices.getUserMedia(constraints);
}
function displayMedia(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getDisplayMedia) return Promise.reject(new TypeError('No screen capture'));
  return navigator.mediaDevices.getDisplayMedia({ video: { frameRate: 30 }, audio: false });
}

/**
 * Asks for what `mode` needs: the screen first (browsers want the click that started it), then camera and
 * microphone separately, so a refused one does not take the other down. Throws CaptureRefused with a
 * message for the instructor when nothing recordable is left.
 */
export async function openCapture(mode: CaptureMode): Promise<Capture> {
  const screen = mode === 'camera' ? undefined : await settle(displayMedia());
  const [camera, microphone] = await Promise.all([
    mode === 'screen'
      ? undefined
      : settle(userMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } } })),
    settle(userMedia({ audio: { echoCancellation: true, noiseSuppression: true } })),
  ]);
  const got = (r: PromiseSettledResult<MediaStream> | undefined) =>
    r?.status === 'fulfilled' ? r.value : undefined;
  const streams = [got(screen), got(camera), got(microphone)];
  const plan = planCapture(mode, {
    screen: screen && outcomeOf(screen),
    camera: camera && outcomeOf(camera),
    microphone: outcomeOf(microphone),
  });
  if (!plan.ok) {
    stopAll(streams);
    throw new CaptureRefused(plan.problem);
  }
  const [screenStream, cameraStream, micStream] = streams;
  const screenTrack = screenStream?.getVideoTracks()[0];
  const cameraTrack = cameraStream?.getVideoTracks()[0];
  const composite =
    plan.sources.video === 'screenWithCamera' && screenTrack && cameraTrack
      ? compositeScreenAndCamera(screenTrack, cameraTrack)
      : null;
  const videoTrack = composite?.track ?? (plan.sources.video === 'camera' ? cameraTrack : screenTrack);
  const audioTrack = plan.sources.audio ? micStream?.getAudioTracks()[0] : undefined;
  const stream = new MediaStream([videoTrack, audioTrack].filter((t) => t !== undefined));
  // The screen or camera track, not the canvas one: those are what the browser or the user ends.
  const watched = [screenTrack, cameraTrack].filter((t): t is MediaStreamTrack => t?.readyState === 'live');

  return {
    stream,
    sources: plan.sources,
    notes: plan.notes,
    onSourceEnded(listener) {
      const once = () => {
        watched.forEach((t) => t.removeEventListener('ended', once));
        listener();
      };
      watched.forEach((t) => t.addEventListener('ended', once));
    },
    stop() {
      composite?.stop();
      stopAll([...streams, stream]);
    },
  };
}

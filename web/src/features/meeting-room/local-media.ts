/** This browser's camera and microphone for a room, and what to tell the user about what is missing. */
export interface LocalMedia {
  stream: MediaStream;
  /** Empty when both came; otherwise the clear message the room shows. */
  problem: string;
}

/** The camera and microphone the user chose before joining; the browser's default when unset. */
export interface DeviceChoice {
  cameraId?: string;
  microphoneId?: string;
}

type Asked = { stream: MediaStream } | { refused: boolean };

const ask = async (constraints: MediaStreamConstraints): Promise<Asked> => {
  if (!navigator.mediaDevices?.getUserMedia) return { refused: false };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia(constraints) };
  } catch (error) {
    // NotAllowedError: the user or the browser's settings said no; anything else: none there, or busy.
    return { refused: (error as Error).name === 'NotAllowedError' };
  }
};

const device = (id: string | undefined) => (id ? { deviceId: { exact: id } } : {});

/** Why a device did not come, in words the user can act on (issue 21: refused is not missing). */
function problemOf(camera: Asked, microphone: Asked): string {
  const refused = [camera, microphone].filter((a) => 'refused' in a && a.refused);
  const missing = [camera, microphone].filter((a) => 'refused' in a && !a.refused);
  const name = (list: Asked[]) =>
    list.length === 2 ? 'camera and microphone' : list[0] === camera ? 'camera' : 'microphone';
  const parts: string[] = [];
  if (refused.length > 0)
    parts.push(
      `The browser refused your ${name(refused)}. Allow ${refused.length === 2 ? 'them' : 'it'} for this site (the icon in the address bar), then reload the page.`,
    );
  if (missing.length > 0)
    parts.push(
      `No ${name(missing)} was found, or another program is using it. Connect one and reload the page.`,
    );
  if (parts.length === 0) return '';
  const without =
    refused.length + missing.length === 2
      ? 'Without them you still see and hear the others.'
      : 'stream' in camera
        ? 'The others will see you but not hear you.'
        : 'The others will hear you but not see you.';
  return `${parts.join(' ')} ${without}`;
}

/**
 * Asks for the camera and the microphone separately, so a refused camera still leaves the voice (and a
 * refused microphone the picture). With neither, the user still joins: they see and hear the others.
 */
export async function openLocalMedia(choice: DeviceChoice = {}): Promise<LocalMedia> {
  const [camera, microphone] = await Promise.all([
    ask({ video: { width: { ideal: 640 }, height: { ideal: 480 }, ...device(choice.cameraId) } }),
    ask({ audio: { echoCancellation: true, noiseSuppression: true, ...device(choice.microphoneId) } }),
  ]);
  const stream = new MediaStream([
    ...('stream' in camera ? camera.stream.getVideoTracks() : []),
    ...('stream' in microphone ? microphone.stream.getAudioTracks() : []),
  ]);
  return { stream, problem: problemOf(camera, microphone) };
}

/** The cameras and microphones the user may choose from (named once the browser allowed one of them). */
export async function listDevices(): Promise<{ cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }> {
  const all = (await navigator.mediaDevices?.enumerateDevices?.().catch(() => [])) ?? [];
  const real = all.filter((d) => d.deviceId !== '');
  return {
    cameras: real.filter((d) => d.kind === 'videoinput'),
    microphones: real.filter((d) => d.kind === 'audioinput'),
  };
}

/** The screen, for the "Share screen" button; null when the user cancels the browser's picker. */
export async function openScreen(): Promise<MediaStreamTrack | null> {
  if (!navigator.mediaDevices?.getDisplayMedia) return null;
  try {
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: 15 }, audio: false });
    return screen.getVideoTracks()[0] ?? null;
  } catch {
    return null;
  }
}

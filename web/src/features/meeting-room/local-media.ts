/** This browser's camera and microphone for a room, and what to tell the user about what is missing. */
export interface LocalMedia {
  stream: MediaStream;
  /** Empty when both came; otherwise the clear message the room shows. */
  problem: string;
}

const ask = async (constraints: MediaStreamConstraints): Promise<MediaStream | null> => {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch {
    return null;
  }
};

/**
 * Asks for the camera and the microphone separately, so a refused camera still leaves the voice (and a
 * refused microphone the picture). With neither, the user still joins: they see and hear the others.
 */
export async function openLocalMedia(): Promise<LocalMedia> {
  const [camera, microphone] = await Promise.all([
    ask({ video: { width: { ideal: 640 }, height: { ideal: 480 } } }),
    ask({ audio: { echoCancellation: true, noiseSuppression: true } }),
  ]);
  const stream = new MediaStream([
    ...(camera?.getVideoTracks() ?? []),
    ...(microphone?.getAudioTracks() ?? []),
  ]);
  const problem =
    camera && microphone
      ? ''
      : !camera && !microphone
        ? 'Your camera and microphone are not available (refused or missing). You joined without them: you can still see and hear the others. Allow them in the browser and rejoin to be seen and heard.'
        : !camera
          ? 'Your camera is not available (refused or missing). You joined with your microphone only.'
          : 'Your microphone is not available (refused or missing). You joined with your camera only: the others cannot hear you.';
  return { stream, problem };
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

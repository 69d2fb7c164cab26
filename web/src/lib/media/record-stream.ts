import { containerOf, pickMimeType, recordingFileName } from './recording-format';

const CHUNK_MS = 1000;
const VIDEO_BITS_PER_SECOND = 2_500_000;

/** The type this browser records best, or null when it cannot record video at all. */
export const supportedMimeType = (): string | null =>
  typeof MediaRecorder === 'undefined' ? null : pickMimeType((type) => MediaRecorder.isTypeSupported(type));

/**
 * Records `stream` with MediaRecorder in one-second chunks; when the recorder stops, `onFile` receives the
 * whole take as a named file. Used by the in-browser recorder and by a live room's recording.
 */
export function recordStream(
  stream: MediaStream,
  mimeType: string,
  onFile: (file: File) => void,
): MediaRecorder {
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.onstop = () => {
    onFile(new File(chunks, recordingFileName(mimeType, new Date()), { type: containerOf(mimeType) }));
  };
  recorder.start(CHUNK_MS);
  return recorder;
}

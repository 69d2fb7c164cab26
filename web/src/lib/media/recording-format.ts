// Which container and codecs MediaRecorder should use, and how the recorded file is named. Pure: the
// browser's MediaRecorder.isTypeSupported is passed in.

/**
 * Best first: WebM with VP9 or VP8 and Opus is what Chromium and Firefox record well; MP4 with H.264 is
 * the fallback for browsers without WebM recording (Safari). The server turns either into H.264/AAC mp4.
 */
export const MIME_CANDIDATES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a.40.2',
  'video/mp4;codecs=avc1,opus',
  'video/mp4',
] as const;

/** The first candidate the browser can record, or null when it cannot record video at all. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return MIME_CANDIDATES.find((type) => isTypeSupported(type)) ?? null;
}

/** "video/webm;codecs=vp9,opus" → "video/webm": the file's type without codec parameters. */
export const containerOf = (mimeType: string): string => mimeType.split(';')[0]?.trim() || 'video/webm';

/** A file name for a take, e.g. recording-2026-11-23-19-30-05.webm (local time, sortable). */
export function recordingFileName(mimeType: string, at: Date): string {
  const extension = containerOf(mimeType) === 'video/mp4' ? 'mp4' : 'webm';
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = [
    at.getFullYear(),
    at.getMonth() + 1,
    at.getDate(),
    at.getHours(),
    at.getMinutes(),
    at.getSeconds(),
  ]
    .map(pad)
    .join('-');
  return `recording-${stamp}.${extension}`;
}

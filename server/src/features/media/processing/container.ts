import fsp from 'node:fs/promises';
import { MAX_FRAME_PIXELS } from './limits';

// What kind of file an upload is, from its first bytes, never from its name or Content-Type (SECURITY
// UP-2): ISO-BMFF (mp4, m4v, mov, fragmented MP4 from MediaRecorder) starts with an `ftyp` box, Matroska
// (mkv, WebM) with the EBML magic 1A 45 DF A3. Anything else is not a video Lectern takes.

export type Container = 'isobmff' | 'matroska';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

// ftyp brands of still images and sound-only files: ISO-BMFF, but never a video.
const NOT_VIDEO_BRANDS = new Set(['heic', 'heix', 'mif1', 'msf1', 'avif', 'avis', 'M4A ', 'M4B ', 'M4P ']);

/** The container named by the file's first bytes, or null when it is neither ISO-BMFF nor Matroska. */
export async function sniffContainer(filePath: string): Promise<Container | null> {
  const file = await fsp.open(filePath, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, 12, 0);
    if (bytesRead >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) return 'matroska';
    if (bytesRead === 12 && head.toString('latin1', 4, 8) === 'ftyp') {
      return NOT_VIDEO_BRANDS.has(head.toString('latin1', 8, 12)) ? null : 'isobmff';
    }
    return null;
  } finally {
    await file.close();
  }
}

/** ffmpeg's demuxer for each container Lectern takes (the mov demuxer reads every ISO-BMFF brand). */
const DEMUXERS: Record<Container, string> = { isobmff: 'mov', matroska: 'matroska' };

/**
 * The options before `-i` on every ffmpeg and ffprobe run (issue 20): local files only, and the sniffed
 * container's own demuxer, so no upload reaches ffmpeg's other readers (DASH, HLS, SDP, concat, image
 * sequences…) whatever its bytes say; decoders refuse frames above the size limit.
 */
export const inputArgs = (container: Container): string[] => [
  ...['-protocol_whitelist', 'file', '-f', DEMUXERS[container]],
  ...['-max_pixels', String(MAX_FRAME_PIXELS)],
];

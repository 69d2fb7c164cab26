import type { FfmpegTools } from '../../../config/ffmpeg-tools';
import { FfmpegError, runFfmpeg } from '../../media/public';

/** A failure a retry cannot mend, in words the captions page shows. */
export class TranscriptionFailure extends Error {}

/**
 * The audio of `input` as 16 kHz mono 16-bit WAV, the one format every engine takes (engine.ts), written
 * by the project's ffmpeg at its lower priority and memory cap.
 */
export async function extractAudio(
  tools: FfmpegTools,
  input: string,
  output: string,
  signal: AbortSignal,
): Promise<void> {
  const args = [
    '-y',
    '-i',
    input,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    output,
  ];
  await runFfmpeg(tools, args, { signal }).catch((error: unknown) => {
    if (signal.aborted || !(error instanceof FfmpegError)) throw error;
    // ffmpeg says "Output file does not contain any stream" (or "…#0 does not contain any stream").
    if (/does not contain any stream/i.test(error.detail))
      throw new TranscriptionFailure('This video has no sound to transcribe');
    throw new TranscriptionFailure(`Its sound could not be read: ${error.detail}`);
  });
}

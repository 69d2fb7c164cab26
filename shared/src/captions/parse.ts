import { parseCueTime } from './cue-time';
import { CAPTION_LIMITS } from './limits';
import type { CaptionProblem, CaptionResult, Cue } from './types';
import { normaliseOverlaps } from './overlaps';
import { type PlacedCue, validateCues } from './validate';
import { srtTextToVtt } from './webvtt';

// Reads an uploaded WebVTT or SRT file into cues, or says which line is wrong. The bytes are checked
// before anything else (size, UTF-8), then a UTF-8 BOM is dropped and CRLF/CR line ends become LF.

const fail = (line: number | undefined, message: string): CaptionResult => ({
  ok: false,
  problem: { line, message: line === undefined ? message : `Line ${line}: ${message}` },
});

/** The 1-based line holding the first byte sequence that is not UTF-8, or null when all of it is. */
function firstNonUtf8Line(bytes: Uint8Array): number | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    try {
      decoder.decode(bytes.subarray(start, i));
    } catch {
      return line;
    }
    line++;
    start = i + 1;
  }
  return null;
}

interface Block {
  /** 1-based line of the block's first line. */
  line: number;
  lines: string[];
}

function blocksOf(lines: string[], from: number): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (let i = from; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === '') current = null;
    else if (current) current.lines.push(text);
    else blocks.push((current = { line: i + 1, lines: [text] }));
  }
  return blocks;
}

/** A cue block (identifier line optional) into a placed cue, or the problem with its line. */
function readCue(block: Block, srt: boolean): PlacedCue | CaptionProblem {
  const timingAt = block.lines[0]!.includes('-->') ? 0 : 1;
  const timing = block.lines[timingAt];
  const line = block.line + timingAt;
  const where = `Line ${line}`;
  if (timing === undefined || !timing.includes('-->'))
    return { line, message: `${where}: expected a timing line such as 00:00:01.000 --> 00:00:04.000` };
  const [left = '', right = ''] = timing.split('-->');
  const endText = right.trim().split(/\s+/)[0] ?? '';
  for (const stamp of [left.trim(), endText]) {
    if (parseCueTime(stamp) === null)
      return { line, message: `${where}: "${stamp}" is not a timestamp (use hh:mm:ss.mmm)` };
  }
  const body = block.lines.slice(timingAt + 1).join('\n');
  const cue: Cue = {
    start: parseCueTime(left)!,
    end: parseCueTime(endText)!,
    text: srt ? srtTextToVtt(body) : body,
  };
  return { cue, line, where };
}

const SKIPPED_VTT_BLOCKS = /^(NOTE|STYLE|REGION)(\s|$)/;

/**
 * Parses a caption file; overlapping cues are made one-at-a-time (normaliseOverlaps). `durationSeconds` (null when unknown, e.g. some YouTube videos) bounds the cue
 * times. SRT is told apart by its missing `WEBVTT` header.
 */
export function parseCaptionFile(bytes: Uint8Array, durationSeconds: number | null): CaptionResult {
  if (bytes.length > CAPTION_LIMITS.maxBytes)
    return fail(
      undefined,
      `The caption file is too large (the limit is ${CAPTION_LIMITS.maxBytes / 1024 ** 2} MB)`,
    );
  const badLine = firstNonUtf8Line(bytes);
  if (badLine !== null) return fail(badLine, 'the file is not UTF-8 text (save it as UTF-8)');
  const text = new TextDecoder('utf-8')
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const vtt = /^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '');
  if (!vtt && !(lines.find((l) => l.trim() !== '') ?? '').trim().match(/^\d+$|-->/))
    return fail(1, 'a caption file starts with WEBVTT (WebVTT) or a cue number (SRT)');

  const blocks = blocksOf(lines, vtt ? 1 : 0);
  if (vtt && blocks[0] && blocks[0].line === 2 && !blocks[0].lines[0]!.includes('-->')) blocks.shift(); // header lines
  const placed: PlacedCue[] = [];
  for (const block of blocks) {
    if (vtt && SKIPPED_VTT_BLOCKS.test(block.lines[0]!)) continue;
    const read = readCue(block, !vtt);
    if (!('cue' in read)) return { ok: false, problem: read };
    placed.push(read);
  }
  if (placed.length === 0) return fail(undefined, 'The caption file has no cues');
  const cues = normaliseOverlaps(placed);
  const problem = validateCues(cues, durationSeconds);
  return problem ? { ok: false, problem } : { ok: true, cues: cues.map((p) => p.cue) };
}

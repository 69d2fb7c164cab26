import { describe, expect, it } from 'vitest';
import { formatCueTime, parseCueTime } from './cue-time';
import { parseCaptionFile } from './parse';
import { cuePlainText, toWebVtt } from './webvtt';

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string, duration: number | null = 600) => parseCaptionFile(bytes(text), duration);
const problemOf = (text: string, duration: number | null = 600) => {
  const result = parse(text, duration);
  if (result.ok) throw new Error('expected a refusal');
  return result.problem;
};

const SRT = `1
00:00:01,000 --> 00:00:04,500
Hello <i>everyone</i> & welcome

2
00:01:07,250 --> 00:01:10,000
Today: the Fourier transform
{\\an8}second line
`;

describe('cue times', () => {
  it('reads WebVTT and SRT stamps, with or without hours', () => {
    expect(parseCueTime('00:01:07.250')).toBe(67.25);
    expect(parseCueTime('01:07,250')).toBe(67.25);
    expect(parseCueTime('1:00:00.000')).toBe(3600);
    expect(parseCueTime('00:61:00.000')).toBeNull();
    expect(parseCueTime('1.5')).toBeNull();
  });
  it('writes hh:mm:ss.mmm', () => {
    expect(formatCueTime(67.25)).toBe('00:01:07.250');
    expect(formatCueTime(3723.0004)).toBe('01:02:03.000');
  });
});

describe('SRT to WebVTT', () => {
  it('converts times, escapes a bare ampersand and drops override tags', () => {
    const result = parse(SRT);
    expect(result).toEqual({
      ok: true,
      cues: [
        { start: 1, end: 4.5, text: 'Hello <i>everyone</i> &amp; welcome' },
        { start: 67.25, end: 70, text: 'Today: the Fourier transform\nsecond line' },
      ],
    });
    if (!result.ok) return;
    expect(toWebVtt(result.cues)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.500\nHello <i>everyone</i> &amp; welcome\n\n' +
        '2\n00:01:07.250 --> 00:01:10.000\nToday: the Fourier transform\nsecond line\n',
    );
  });

  it('reads a file with a BOM and CRLF line ends the same', () => {
    const windows = `\uFEFF${SRT.replace(/\n/g, '\r\n')}`;
    expect(parse(windows)).toEqual(parse(SRT));
  });

  it('round-trips WebVTT with a header, notes, identifiers and cue settings', () => {
    const vtt = `WEBVTT - lecture 2
Kind: captions

NOTE written by hand

intro
00:00.500 --> 00:02.000 align:start position:10%
<v Ana>Hi</v>

00:00:02.000 --> 00:00:03.000
there
`;
    const result = parse(vtt);
    expect(result).toEqual({
      ok: true,
      cues: [
        { start: 0.5, end: 2, text: '<v Ana>Hi</v>' },
        { start: 2, end: 3, text: 'there' },
      ],
    });
  });

  it('gives the plain words of a cue', () => {
    expect(cuePlainText('<v Ana>Fourier &amp; <i>Laplace</i></v>\nagain')).toBe('Fourier & Laplace again');
  });
});

describe('refused files name the line', () => {
  it('a bad timestamp', () => {
    expect(
      problemOf('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:03,5 --> 00:00:04.000\nbad\n'),
    ).toEqual({
      line: 6,
      message: 'Line 6: "00:00:03,5" is not a timestamp (use hh:mm:ss.mmm)',
    });
  });

  it('a cue that starts before the previous one', () => {
    const srt = '1\n00:00:04,000 --> 00:00:05,000\na\n\n2\n00:00:01,000 --> 00:00:06,000\nb\n';
    expect(problemOf(srt).message).toBe(
      'Line 6: the cue starts at 00:00:01.000, before the previous cue ends (00:00:05.000)',
    );
  });

  it('a cue past the end of the video, unless the length is unknown', () => {
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:12.000\ntoo late\n';
    expect(problemOf(vtt, 10).message).toBe(
      'Line 3: the cue ends at 00:00:12.000, after the end of the video (00:00:10.000)',
    );
    expect(parse(vtt, null).ok).toBe(true);
  });

  it('a cue ending before it starts, and one with no timing line', () => {
    expect(problemOf('WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nx\n').line).toBe(3);
    expect(problemOf('WEBVTT\n\nid\njust text\n').message).toBe(
      'Line 4: expected a timing line such as 00:00:01.000 --> 00:00:04.000',
    );
  });

  it('bytes that are not UTF-8', () => {
    const latin1 = Uint8Array.from([...bytes('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\ncaf'), 0xe9, 0x0a]);
    expect(parseCaptionFile(latin1, 10)).toEqual({
      ok: false,
      problem: { line: 4, message: 'Line 4: the file is not UTF-8 text (save it as UTF-8)' },
    });
  });

  it('something that is no caption file at all, an empty one and one too large', () => {
    expect(problemOf('<html>hello</html>').message).toBe(
      'Line 1: a caption file starts with WEBVTT (WebVTT) or a cue number (SRT)',
    );
    expect(problemOf('WEBVTT\n').message).toBe('The caption file has no cues');
    expect(parseCaptionFile(new Uint8Array(2 * 1024 * 1024 + 1), null)).toMatchObject({
      ok: false,
      problem: { message: 'The caption file is too large (the limit is 2 MB)' },
    });
  });
});

describe('overlapping cues are accepted one at a time (issue 21)', () => {
  it('a cue starting while the previous one shows ends it', () => {
    const srt = '1\n00:00:01,000 --> 00:00:05,000\na\n\n2\n00:00:04,000 --> 00:00:06,000\nb\n';
    expect(parse(srt)).toEqual({
      ok: true,
      cues: [
        { start: 1, end: 4, text: 'a' },
        { start: 4, end: 6, text: 'b' },
      ],
    });
  });

  it('YouTube’s rolling automatic captions, and cues starting together', () => {
    const vtt = [
      'WEBVTT',
      'Kind: captions',
      'Language: en',
      '',
      '00:00:00.160 --> 00:00:03.990 align:start position:0%',
      'so today we look at',
      '',
      '00:00:02.110 --> 00:00:06.000 align:start position:0%',
      'so today we look at\nthe heat equation',
      '',
      '00:00:06.000 --> 00:00:08.000',
      'first',
      '',
      '00:00:06.000 --> 00:00:07.000',
      'together',
      '',
    ].join('\n');
    expect(parse(vtt)).toEqual({
      ok: true,
      cues: [
        { start: 0.16, end: 2.11, text: 'so today we look at' },
        { start: 2.11, end: 6, text: 'so today we look at\nthe heat equation' },
        { start: 6, end: 8, text: 'first\ntogether' },
      ],
    });
  });
});

import { AUTOMATIC_CAPTION_SOURCE, type CaptionOwner, formatVideoTime } from '@lectern/shared';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useCaptionCues, useCaptionTracks } from '../api/captions-api';
import { activeCueIndex, nextLine } from '../utils/active-cue';
import '../captions.css';

/**
 * A video's transcript: every cue as a line with its time, readable without playing (a list of buttons).
 * The line being spoken is marked (aria-current) and kept in view; a click or Enter seeks there. One line
 * is in the tab order and the arrow keys, Home and End move between lines, so the panel is one Tab stop.
 */
export function TranscriptPanel({
  owner,
  ownerId,
  currentTime,
  onSeek,
}: {
  owner: CaptionOwner;
  ownerId: string;
  currentTime: number;
  onSeek(seconds: number): void;
}) {
  const headingId = useId();
  const languageId = useId();
  const tracks = useCaptionTracks(owner, ownerId).data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const language = chosen ?? tracks[0]?.language;
  const cues = useCaptionCues(owner, ownerId, language).data?.cues ?? [];
  // Viewers are told when what they read was heard by a machine (issue 25).
  const shown = tracks.find((t) => t.language === language);
  const active = activeCueIndex(cues, currentTime);
  const [focused, setFocused] = useState(0);
  const list = useRef<HTMLOListElement>(null);

  // Keep the spoken line in view inside the panel (never scrolling the page), unless the reader is in it.
  useEffect(() => {
    const box = list.current;
    const line = box?.children[active] as HTMLElement | undefined;
    if (!box || !line || box.contains(document.activeElement)) return;
    box.scrollTop = line.offsetTop - box.offsetTop - box.clientHeight / 3;
  }, [active]);

  if (tracks.length === 0) return null;
  const tabStop = Math.min(focused, cues.length - 1);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const next = nextLine(e.key, index, cues.length);
    if (next === null) return;
    e.preventDefault();
    setFocused(next);
    (list.current?.children[next]?.firstElementChild as HTMLElement | null)?.focus();
  };

  return (
    <section className="transcript" aria-labelledby={headingId}>
      <h2 id={headingId}>Transcript</h2>
      {tracks.length > 1 && (
        <p className="row">
          <label htmlFor={languageId}>Language</label>
          <select id={languageId} value={language} onChange={(e) => setChosen(e.target.value)}>
            {tracks.map((t) => (
              <option key={t.language} value={t.language}>
                {t.label}
              </option>
            ))}
          </select>
        </p>
      )}
      {shown?.source.startsWith(AUTOMATIC_CAPTION_SOURCE) && (
        <p className="hint">{shown.label}: made by speech recognition, not yet reviewed.</p>
      )}
      <ol className="transcript-lines" ref={list}>
        {cues.map((cue, i) => (
          <li key={`${cue.start}-${i}`}>
            <button
              type="button"
              aria-current={i === active ? 'true' : undefined}
              tabIndex={i === tabStop ? 0 : -1}
              onFocus={() => setFocused(i)}
              onKeyDown={(e) => onKeyDown(e, i)}
              onClick={() => onSeek(cue.start)}
            >
              <span className="transcript-time">{formatVideoTime(cue.start)}</span> {cue.plainText}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

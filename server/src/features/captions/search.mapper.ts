import type { SearchHitDto, SnippetPart } from '@lectern/shared';
import { MATCH_END, MATCH_START, type RawHit, type VisibleVideo } from './search.repository';

/** ts_headline's marked text as parts, so the browser shows matches without ever parsing HTML. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const piece of headline.split(MATCH_START)) {
    const [matched, rest] = piece.includes(MATCH_END) ? piece.split(MATCH_END, 2) : [null, piece];
    if (matched) parts.push({ text: matched, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}

export function toSearchHit(hit: RawHit, where: VisibleVideo): SearchHitDto {
  const snippet = snippetParts(hit.headline);
  return {
    kind: hit.kind,
    lectureId: where.lectureId,
    lectureTitle: where.lectureTitle,
    videoId: hit.videoId,
    videoTitle: where.videoTitle,
    time: Number(hit.time),
    questionId: hit.questionId,
    responseId: hit.responseId,
    answerTime: hit.answerTime === null ? null : Number(hit.answerTime),
    snippet,
    matchedWords: [...new Set(snippet.filter((p) => p.match).map((p) => p.text.toLowerCase()))],
  };
}

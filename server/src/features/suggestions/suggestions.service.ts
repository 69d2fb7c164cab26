import { sql } from 'drizzle-orm';
import { MAX_SUGGESTIONS, type SuggestionDto, type SuggestionQuery } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  aliasedLecture,
  lectureAllowsSql,
  questionAllowsSql,
  requireVisibleVideo,
  sqlReaderById,
} from '../access/public';
import { type Match, type MatchScope, findAnsweredMatches } from './matcher';
import { isSuggestible, recordAcceptance } from './suggestions.repository';

/** Fewer letters than this say nothing to match on: answered at once, with nothing. */
const MIN_QUERY_CHARS = 3;

/**
 * What a student may be suggested from while watching `videoId`: the answered questions on the videos of
 * lectures they attend (features/access/visibility.ts: a course's admins, and its students once released)
 * in the courses holding this video, so its course and the concurrent copies sharing it. The list rule of
 * questions (answered ones, for a reader who is no admin) applies on top.
 */
function scopeOf(userId: string, videoId: string, now: Date): MatchScope {
  const attends = lectureAllowsSql('attends', sqlReaderById(userId), aliasedLecture(sql`l`), now);
  return {
    videoIds: sql`select lv.video_id from lecture_videos lv join lectures l on l.id = lv.lecture_id
      where l.course_id in (select hl.course_id from lecture_videos hv join lectures hl on hl.id = hv.lecture_id
                            where hv.video_id = ${videoId})
        and ${attends}`,
    listed: questionAllowsSql({ userId, adminOfVideo: false }),
  };
}

/** A suggestion as the student sees it: no asker, no votes, the answer's kind and length. */
export const toSuggestion = (m: Match): SuggestionDto => ({
  questionId: m.questionId,
  videoId: m.videoId,
  time: m.time,
  question: m.question,
  answer: { kind: m.answerKind, responseId: m.responseId, durationSeconds: m.answerSeconds },
});

export function createSuggestionsService({ db, clock }: AppDeps) {
  return {
    /** Up to three earlier answered questions like `q`, most alike and nearest first (issue 24). */
    async suggest(user: AuthUser, videoId: string, query: SuggestionQuery): Promise<SuggestionDto[]> {
      const now = clock();
      await requireVisibleVideo(db, user, videoId, now); // 404 for a video hidden from the caller
      if (query.q.trim().length < MIN_QUERY_CHARS) return [];
      const place = { videoId, time: query.t, lectureId: query.lectureId ?? null };
      const matches = await findAnsweredMatches(
        db,
        query.q,
        place,
        scopeOf(user.id, videoId, now),
        MAX_SUGGESTIONS,
      );
      return matches.map(toSuggestion);
    },

    /**
     * "This answers my question": counted once per student and question, for a question that could have
     * been suggested to them here (404 otherwise, as for one they cannot see).
     */
    async accept(user: AuthUser, videoId: string, questionId: string): Promise<void> {
      const now = clock();
      await requireVisibleVideo(db, user, videoId, now);
      if (!(await isSuggestible(db, scopeOf(user.id, videoId, now), questionId)))
        throw notFound('Question not found');
      await recordAcceptance(db, questionId, user.id, now);
    },
  };
}

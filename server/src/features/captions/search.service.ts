import type { SearchHitDto } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import type { AuthUser } from '../../plugins/auth';
import { lectureCondition, requireCourseMember, sqlReaderOfStanding, standingOfRole } from '../access/public';
import { toSearchHit } from './search.mapper';
import { type RawHit, type VisibleVideo, searchVideos, visibleVideos } from './search.repository';

const MAX_HITS = 50;

/** Best first; equal ranks in course order (lecture date), then by moment. */
const byRank = (a: { hit: RawHit; where: VisibleVideo }, b: { hit: RawHit; where: VisibleVideo }) =>
  b.hit.rank - a.hit.rank ||
  a.where.lectureDate.getTime() - b.where.lectureDate.getTime() ||
  a.where.lectureId.localeCompare(b.where.lectureId) ||
  a.hit.time - b.hit.time;

export function createSearchService(deps: AppDeps) {
  return {
    /**
     * Members of the course search it, like its answered questions (GET /api/questions/with-response);
     * students only find what is released (DESIGN §5.4). A video in several lectures is found in each.
     */
    async course(user: AuthUser, courseId: string, text: string): Promise<SearchHitDto[]> {
      const { role } = await requireCourseMember(deps.db, user, courseId);
      const reader = sqlReaderOfStanding(standingOfRole(role));
      const scope = { courseId, visible: lectureCondition('sees', reader, deps.clock()) };
      const [visible, hits] = await Promise.all([
        visibleVideos(deps.db, scope),
        searchVideos(deps.db, text, scope, MAX_HITS),
      ]);
      const lecturesOf = new Map<string, VisibleVideo[]>();
      for (const v of visible) lecturesOf.set(v.videoId, [...(lecturesOf.get(v.videoId) ?? []), v]);
      return hits
        .flatMap((hit) => (lecturesOf.get(hit.videoId) ?? []).map((where) => ({ hit, where })))
        .sort(byRank)
        .slice(0, MAX_HITS)
        .map(({ hit, where }) => toSearchHit(hit, where));
    },
  };
}

import { type SQL, and, asc, count, desc, eq, inArray, max, notExists, or, sql } from 'drizzle-orm';
import type { CaptionOwner, Cue } from '@lectern/shared';
import type { DbOrTx } from '../../db/client';
import {
  captionCues,
  captionFiles,
  captionTracks,
  captionVersions,
  followUps,
  lectures,
  mediaFiles,
  questions,
  responses,
  videos,
} from '../../db/schema';

export type TrackRow = typeof captionTracks.$inferSelect;
export type CueRow = Pick<
  typeof captionCues.$inferSelect,
  'startSeconds' | 'endSeconds' | 'text' | 'plainText'
>;
export interface TrackSummary {
  track: TrackRow;
  version: number;
  sha256: string;
  /** The current version's source (captions.service.ts PublishRequest). */
  source: string;
  updatedAt: Date;
  cueCount: number;
}

// SQL parameters are limited to 65535 per statement; six per cue row.
const CUE_BATCH = 5000;

const ownerColumn = (owner: CaptionOwner) =>
  owner === 'video' ? captionTracks.videoId : captionTracks.responseId;
const ownerIs = (owner: CaptionOwner, ownerId: string): SQL => eq(ownerColumn(owner), ownerId);

/** The recorded length of a lecture video or answer video, null when unknown. */
export async function ownerDuration(
  db: DbOrTx,
  owner: CaptionOwner,
  ownerId: string,
): Promise<number | null> {
  const [row] =
    owner === 'video'
      ? await db.select({ d: videos.durationSeconds }).from(videos).where(eq(videos.id, ownerId))
      : await db
          .select({ d: mediaFiles.durationSeconds })
          .from(responses)
          .innerJoin(mediaFiles, eq(mediaFiles.sha256, responses.mediaSha256))
          .where(eq(responses.id, ownerId));
  return row?.d ?? null;
}

/**
 * The lecture videos whose questions an answer video answers (its access follows theirs); a follow-up's
 * answer video (issue 24) follows its question's video.
 */
export async function videosAnsweredBy(db: DbOrTx, responseId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ videoId: questions.videoId })
    .from(questions)
    .where(
      or(
        eq(questions.responseId, responseId),
        inArray(
          questions.id,
          db
            .select({ id: followUps.questionId })
            .from(followUps)
            .where(eq(followUps.answerResponseId, responseId)),
        ),
      ),
    );
  return rows.map((r) => r.videoId);
}

/** What decides who may read an answered question (the visibility policy's PolicyQuestion), and where it was asked. */
const answeredQuestionColumns = {
  videoId: questions.videoId,
  homeLectureId: questions.lectureId,
  /** Its home course's admins run it (null once its lecture is gone). */
  question: {
    responseId: questions.responseId,
    askerId: questions.askerId,
    homeCourseId: lectures.courseId,
    hiddenAt: questions.hiddenAt,
  },
};

/** The questions `responseId` answers (not the follow-ups it answers), with what decides who may read them. */
export async function questionsAnsweredBy(db: DbOrTx, responseId: string) {
  return db
    .select(answeredQuestionColumns)
    .from(questions)
    .leftJoin(lectures, eq(lectures.id, questions.lectureId))
    .where(eq(questions.responseId, responseId));
}

/** The follow-ups `responseId` answers by video (issue 24), with what decides who may read them. */
export async function followUpsAnsweredBy(db: DbOrTx, responseId: string) {
  return db
    .select({
      ...answeredQuestionColumns,
      followUp: { authorId: followUps.authorId, hiddenAt: followUps.hiddenAt },
    })
    .from(followUps)
    .innerJoin(questions, eq(questions.id, followUps.questionId))
    .leftJoin(lectures, eq(lectures.id, questions.lectureId))
    .where(eq(followUps.answerResponseId, responseId));
}

/** Every track of a video or answer with its current version, in language order. */
export async function listTracks(db: DbOrTx, owner: CaptionOwner, ownerId: string): Promise<TrackSummary[]> {
  const tracks = await db
    .select()
    .from(captionTracks)
    .where(ownerIs(owner, ownerId))
    .orderBy(asc(captionTracks.language));
  return Promise.all(tracks.map((track) => summarise(db, track)));
}

async function summarise(db: DbOrTx, track: TrackRow): Promise<TrackSummary> {
  const [current] = await db
    .select()
    .from(captionVersions)
    .where(eq(captionVersions.trackId, track.id))
    .orderBy(desc(captionVersions.version))
    .limit(1);
  const [cues] = await db.select({ n: count() }).from(captionCues).where(eq(captionCues.trackId, track.id));
  return {
    track,
    version: current?.version ?? 0,
    sha256: current?.sha256 ?? '',
    source: current?.source ?? '',
    updatedAt: current?.createdAt ?? track.createdAt,
    cueCount: cues?.n ?? 0,
  };
}

export async function findTrack(
  db: DbOrTx,
  owner: CaptionOwner,
  ownerId: string,
  language: string,
): Promise<TrackSummary | null> {
  const [track] = await db
    .select()
    .from(captionTracks)
    .where(and(ownerIs(owner, ownerId), eq(captionTracks.language, language)));
  return track ? summarise(db, track) : null;
}

export async function trackCues(db: DbOrTx, trackId: string): Promise<CueRow[]> {
  return db
    .select({
      startSeconds: captionCues.startSeconds,
      endSeconds: captionCues.endSeconds,
      text: captionCues.text,
      plainText: captionCues.plainText,
    })
    .from(captionCues)
    .where(eq(captionCues.trackId, trackId))
    .orderBy(asc(captionCues.position));
}

export async function captionFile(db: DbOrTx, sha256: string): Promise<string | null> {
  const [row] = await db
    .select({ vtt: captionFiles.vtt })
    .from(captionFiles)
    .where(eq(captionFiles.sha256, sha256));
  return row?.vtt ?? null;
}

export interface NewVersion {
  owner: CaptionOwner;
  ownerId: string;
  language: string;
  /** Kept as it is when absent. */
  label?: string;
  vtt: string;
  sha256: string;
  cues: (Cue & { plainText: string })[];
  source: string;
  createdBy: string | null;
}

/** Creates the track if new, stores the file once, adds the next version and replaces the indexed cues. */
export async function saveVersion(db: DbOrTx, v: NewVersion): Promise<TrackRow> {
  return db.transaction(async (tx) => {
    const ownerValues = v.owner === 'video' ? { videoId: v.ownerId } : { responseId: v.ownerId };
    const [track] = await tx
      .insert(captionTracks)
      .values({ ...ownerValues, language: v.language, label: v.label ?? v.language })
      .onConflictDoUpdate({
        target: [ownerColumn(v.owner), captionTracks.language],
        set: v.label ? { label: v.label } : { language: v.language },
      })
      .returning();
    // A no-op update rather than DO NOTHING: it locks a file that already exists, so the sweep of unused
    // files (deleteUnusedCaptionFiles) cannot delete it before this version refers to it.
    await tx
      .insert(captionFiles)
      .values({ sha256: v.sha256, vtt: v.vtt, sizeBytes: Buffer.byteLength(v.vtt) })
      .onConflictDoUpdate({ target: captionFiles.sha256, set: { sha256: sql`excluded.sha256` } });
    const [latest] = await tx
      .select({ n: max(captionVersions.version) })
      .from(captionVersions)
      .where(eq(captionVersions.trackId, track!.id));
    await tx.insert(captionVersions).values({
      trackId: track!.id,
      version: (latest?.n ?? 0) + 1,
      sha256: v.sha256,
      source: v.source,
      createdBy: v.createdBy,
    });
    await tx.delete(captionCues).where(eq(captionCues.trackId, track!.id));
    const rows = v.cues.map((c, position) => ({
      trackId: track!.id,
      position,
      startSeconds: c.start,
      endSeconds: c.end,
      text: c.text,
      plainText: c.plainText,
    }));
    for (let i = 0; i < rows.length; i += CUE_BATCH)
      await tx.insert(captionCues).values(rows.slice(i, i + CUE_BATCH));
    if (v.owner === 'response') await keepAnswerStems(tx, track!.id);
    return track!;
  });
}

/**
 * An answer's words for question suggestions (features/suggestions/matcher.ts): the English stems of the
 * track's cues, kept with them so that no request parses an answer's captions (migration 0033 filled the
 * tracks captioned before).
 */
async function keepAnswerStems(tx: DbOrTx, trackId: string): Promise<void> {
  await tx
    .update(captionTracks)
    .set({
      stems: sql`(select coalesce(array_agg(distinct w), '{}') from ${captionCues} cue,
        unnest(tsvector_to_array(to_tsvector('english'::regconfig, cue.plain_text))) w
        where cue.track_id = ${trackId})`,
    })
    .where(eq(captionTracks.id, trackId));
}

/** Removes a track with its versions and cues, and the files no other version uses. */
export async function deleteTrack(db: DbOrTx, trackId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const used = await tx
      .select({ sha256: captionVersions.sha256 })
      .from(captionVersions)
      .where(eq(captionVersions.trackId, trackId));
    await tx.delete(captionTracks).where(eq(captionTracks.id, trackId));
    const hashes = [...new Set(used.map((u) => u.sha256))];
    if (hashes.length === 0) return;
    await tx.delete(captionFiles).where(and(inArray(captionFiles.sha256, hashes), unused(tx)));
  });
}

/**
 * Deletes every caption file no version uses: those of the tracks that went with their video or answer
 * (a cascade, which deleteTrack's clean-up never sees). Returns how many went.
 */
export async function deleteUnusedCaptionFiles(db: DbOrTx): Promise<number> {
  const gone = await db.delete(captionFiles).where(unused(db)).returning({ sha256: captionFiles.sha256 });
  return gone.length;
}

const unused = (db: DbOrTx) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(captionVersions)
      .where(eq(captionVersions.sha256, captionFiles.sha256)),
  );

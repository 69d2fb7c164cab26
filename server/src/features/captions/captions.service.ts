import { createHash } from 'node:crypto';
import {
  type CaptionOwner,
  type CaptionTrackDto,
  type CaptionTrackParams,
  type CaptionTrackWithCuesDto,
  type Cue,
  type SaveCaptionVersionBody,
  cuePlainText,
  parseCaptionFile,
  toWebVtt,
  validateCues,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { queueCourseAdaptation } from './automatic/adaptation.job';
import { requireOwnerAdmin, requireReadableOwner } from './caption-access';
import { toCueDto, toTrackDto } from './captions.mapper';
import {
  captionFile,
  deleteTrack,
  findTrack,
  listTracks,
  ownerDuration,
  saveVersion,
  trackCues,
} from './captions.repository';

const noTrack = () => notFound('There are no captions in this language');

export interface PublishRequest {
  owner: CaptionOwner;
  ownerId: string;
  language: string;
  label?: string;
  cues: Cue[];
  /** `upload`, `editor`, or a CaptionProducer's name. */
  source: string;
  createdBy: string | null;
}

/**
 * Stores cues as the track's next version: one normalised WebVTT file, named by its sha256, and the cues
 * re-indexed for the transcript and search. Every way captions arrive ends here (caption-producer.ts).
 */
export async function publishCues(deps: AppDeps, request: PublishRequest) {
  const duration = await ownerDuration(deps.db, request.owner, request.ownerId);
  const placed = request.cues.map((cue, i) => ({ cue, line: i + 1, where: `Cue ${i + 1}` }));
  const problem = validateCues(placed, duration);
  if (problem) throw badRequest(problem.message);
  const vtt = toWebVtt(request.cues);
  await saveVersion(deps.db, {
    ...request,
    vtt,
    sha256: createHash('sha256').update(vtt).digest('hex'),
    cues: request.cues.map((c) => ({ ...c, plainText: cuePlainText(c.text) })),
  });
}

export function createCaptionsService(deps: AppDeps) {
  const { db } = deps;

  async function current(p: CaptionTrackParams) {
    const found = await findTrack(db, p.owner, p.ownerId, p.language);
    if (!found) throw noTrack();
    return found;
  }

  return {
    async tracks(user: AuthUser | null, owner: CaptionOwner, ownerId: string): Promise<CaptionTrackDto[]> {
      await requireReadableOwner(deps, user, owner, ownerId);
      return (await listTracks(db, owner, ownerId)).map(toTrackDto);
    },

    async cues(user: AuthUser | null, p: CaptionTrackParams): Promise<CaptionTrackWithCuesDto> {
      await requireReadableOwner(deps, user, p.owner, p.ownerId);
      const found = await current(p);
      return { track: toTrackDto(found), cues: (await trackCues(db, found.track.id)).map(toCueDto) };
    },

    async vtt(user: AuthUser | null, p: CaptionTrackParams): Promise<{ vtt: string; sha256: string }> {
      await requireReadableOwner(deps, user, p.owner, p.ownerId);
      const found = await current(p);
      const vtt = await captionFile(db, found.sha256);
      if (vtt === null) throw noTrack();
      return { vtt, sha256: found.sha256 };
    },

    /** A WebVTT or SRT upload: a new track, or the next version of the language's track. */
    async upload(
      user: AuthUser,
      p: CaptionTrackParams,
      label: string,
      bytes: Buffer,
    ): Promise<CaptionTrackDto> {
      await requireOwnerAdmin(deps, user, p.owner, p.ownerId);
      const parsed = parseCaptionFile(bytes, await ownerDuration(db, p.owner, p.ownerId));
      if (!parsed.ok) throw badRequest(parsed.problem.message);
      await publishCues(deps, { ...p, label, cues: parsed.cues, source: 'upload', createdBy: user.id });
      return toTrackDto(await current(p));
    },

    /** The editor's cue list as the next version of an existing track. */
    async saveEdited(
      user: AuthUser,
      p: CaptionTrackParams,
      body: SaveCaptionVersionBody,
    ): Promise<CaptionTrackDto> {
      await requireOwnerAdmin(deps, user, p.owner, p.ownerId);
      await current(p);
      await publishCues(deps, {
        ...p,
        label: body.label,
        cues: body.cues,
        source: 'editor',
        createdBy: user.id,
      });
      // A correction of automatic captions teaches PocketSphinx the course's voice (issue 25).
      if (p.owner === 'video') await queueCourseAdaptation(deps, db, p.ownerId, p.language);
      return toTrackDto(await current(p));
    },

    async remove(user: AuthUser, p: CaptionTrackParams): Promise<void> {
      await requireOwnerAdmin(deps, user, p.owner, p.ownerId);
      await deleteTrack(db, (await current(p)).track.id);
    },
  };
}

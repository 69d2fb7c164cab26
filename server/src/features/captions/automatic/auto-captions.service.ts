import type { AutoCaptionsDto, CaptionOwner } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import { conflict } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { requireOwnerAdmin } from '../caption-access';
import { findAutoCaptions, type AutoCaptionsRow } from './auto-captions.repository';
import { adapting } from './adaptation.job';
import { configuredEngine, engineName } from './configured-engine';
import { handMade, queueAutomaticCaptions } from './transcription.job';

// The captions page's view of automatic captions (issue 25): where they stand, and "Generate captions"
// for a video made before them, one whose run failed, or to replace automatic ones with a fresh run.

const RUNNING = new Set(['queued', 'transcribing']);

function toDto(deps: AppDeps, owner: CaptionOwner, row: AutoCaptionsRow | null): AutoCaptionsDto {
  const chosen = configuredEngine(deps.config);
  return {
    state: row ? (row.state as AutoCaptionsDto['state']) : 'none',
    progress: row?.state === 'transcribing' ? (row.progress ?? 0) : null,
    // Not installed now: said before anything is asked, so the page can tell how to turn it on.
    reason: row?.reason ?? (typeof chosen === 'string' ? chosen : null),
    engine: row?.engine ?? engineName(deps.config),
    enabled: chosen !== null,
    // Only a lecture video's corrections adapt the engine: an answer's may be a student's voice.
    adaptsToCourse: owner === 'video' && typeof chosen === 'object' && adapting(deps.config),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export function createAutoCaptionsService(deps: AppDeps) {
  return {
    async status(user: AuthUser, owner: CaptionOwner, ownerId: string): Promise<AutoCaptionsDto> {
      await requireOwnerAdmin(deps, user, owner, ownerId);
      return toDto(deps, owner, await findAutoCaptions(deps.db, owner, ownerId));
    },

    /** Queues a run now; 409 when off, already running, or when a hand-made track would be replaced. */
    async request(user: AuthUser, owner: CaptionOwner, ownerId: string): Promise<AutoCaptionsDto> {
      await requireOwnerAdmin(deps, user, owner, ownerId);
      if (!deps.config.autoCaptions)
        throw conflict('Automatic captions are turned off on this server (AUTO_CAPTIONS=off)');
      const row = await deps.db.transaction(async (tx) => {
        const current = await findAutoCaptions(tx, owner, ownerId);
        if (current && RUNNING.has(current.state))
          throw conflict('Automatic captions for this video are already on their way');
        if (await handMade(tx, owner, ownerId, 'en'))
          throw conflict(
            'These captions were made by hand: automatic captions never replace them. Delete the track first to make automatic ones.',
          );
        await queueAutomaticCaptions(deps, tx, owner, ownerId);
        return findAutoCaptions(tx, owner, ownerId);
      });
      return toDto(deps, owner, row);
    },
  };
}

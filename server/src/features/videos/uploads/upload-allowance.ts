import fsp from 'node:fs/promises';
import { type StorageUse, formatBytes } from '@lectern/shared';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { BUNDLED_FFMPEG_WARNING } from '../../../config/ffmpeg-tools';
import type { DbOrTx } from '../../../db/client';
import { uploadReservations } from '../../../db/schema';
import { insufficientStorage, payloadTooLarge, retryLater } from '../../../lib/errors';

// What one user may still upload (issue 12, item 8), checked when an upload is created, before any byte
// is stored, on every path (tus and multipart, lecture videos and answers):
// - at most UPLOAD_CREATIONS_PER_HOUR (20, SECURITY RL-4) upload creations an hour, across instances;
// - a storage quota: the distinct files of the videos they uploaded and the answers they posted, each
//   counted once however often it is copied or shared (SECURITY UP-6: 413), plus the declared sizes
//   reserved by their uploads still under way, so parallel creations cannot all pass it (issue 20);
// - room on the disk for the declared length plus a margin, else 507 at once (SECURITY FI-7).

const HOUR_MS = 3_600_000;
/** Kept free for the database's and the processing's own writes. */
const DISK_MARGIN_BYTES = 64 * 1024 ** 2;

/** Bytes stored for the user's uploads: each media file once. */
export async function storedBytesOf(db: DbOrTx, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce(sum(m.size_bytes), 0)::float8 as used from media_files m
    where m.sha256 in (select media_sha256 from videos where uploader_id = ${userId})
       or m.sha256 in (select media_sha256 from responses where poster_id = ${userId})`)) as unknown as {
    rows: { used: number }[];
  };
  return Number(result.rows[0]?.used ?? 0);
}

export async function storageUseOf(deps: AppDeps, userId: string): Promise<StorageUse> {
  const bundled = deps.config.ffmpeg.source === 'bundled';
  return {
    usedBytes: await storedBytesOf(deps.db, userId),
    quotaBytes: deps.config.storageQuotaBytes,
    ...(bundled ? { processingWarning: BUNDLED_FFMPEG_WARNING } : {}),
  };
}

async function freeBytes(dir: string): Promise<number> {
  const stats = await fsp.statfs(dir);
  return stats.bavail * stats.bsize;
}

/** Less than a megabyte left: what a write that just failed with ENOSPC leaves behind. */
export const diskNearlyFull = async (dir: string): Promise<boolean> =>
  (await freeBytes(dir).catch(() => Infinity)) < 1024 ** 2;

/** Bytes reserved by the user's uploads under way (not yet expired). */
async function reservedBytesOf(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ reserved: sql<number>`coalesce(sum(${uploadReservations.bytes}), 0)::float8` })
    .from(uploadReservations)
    .where(and(eq(uploadReservations.userId, userId), gt(uploadReservations.expiresAt, now)));
  return Number(row?.reserved ?? 0);
}

/** An admitted upload's reservation: its id and how long it may live if nobody releases it. */
export interface Reservation {
  id: string;
  ttlMs: number;
}

/**
 * Admits one upload creation of `declaredBytes` (the tus Upload-Length, or the multipart request's
 * length) by an already authorised user, or throws 429, 413 or 507. An admitted creation counts, and
 * reserves its declared bytes under `reservation.id` until releaseUpload (or the reservation's end).
 */
export async function admitUpload(
  deps: AppDeps,
  userId: string,
  declaredBytes: number,
  reservation: Reservation,
): Promise<void> {
  // One admission at a time per user, on every instance: parallel creations each read the count and the
  // reservations before any of them added to them, so 40 at once admitted 32 against a limit of 20, and
  // three 15 MB uploads all passed a 20 MB quota (issue 20).
  const unlock = await deps.shared.locks.lock(`upload-admission:${userId}`);
  try {
    await admitLocked(deps, userId, declaredBytes);
    const now = deps.clock().getTime();
    await deps.db.insert(uploadReservations).values({
      id: reservation.id,
      userId,
      bytes: declaredBytes,
      expiresAt: new Date(now + reservation.ttlMs),
    });
  } finally {
    await unlock();
  }
}

/** Gives back what an upload reserved: it finished (its file now counts as stored), failed or was cancelled. */
export async function releaseUpload(deps: AppDeps, reservationId: string): Promise<void> {
  await deps.db.delete(uploadReservations).where(eq(uploadReservations.id, reservationId));
}

/** Deletes reservations past their end (they no longer count); part of the upload purge. */
export async function purgeExpiredReservations(deps: AppDeps): Promise<void> {
  await deps.db.delete(uploadReservations).where(lte(uploadReservations.expiresAt, deps.clock()));
}

async function admitLocked(deps: AppDeps, userId: string, declaredBytes: number): Promise<void> {
  const now = deps.clock().getTime();
  const key = `upload-create:${userId}`;
  const window = await deps.shared.counters.peek(key, now);
  if (window && window.count >= deps.config.uploadCreationsPerHour) {
    throw retryLater(
      'Too many uploads started in the last hour. Please try again later.',
      (window.resetAt - now) / 1000,
    );
  }
  const { usedBytes, quotaBytes } = await storageUseOf(deps, userId);
  const reservedBytes = await reservedBytesOf(deps.db, userId, new Date(now));
  if (usedBytes + reservedBytes + declaredBytes > quotaBytes) {
    const underWay = reservedBytes > 0 ? `, ${formatBytes(reservedBytes)} more by uploads under way` : '';
    throw payloadTooLarge(
      `This upload would pass your storage quota: ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used${underWay}.`,
    );
  }
  if ((await freeBytes(deps.config.uploadsDir)) < declaredBytes + DISK_MARGIN_BYTES)
    throw insufficientStorage();
  await deps.shared.counters.hit(key, HOUR_MS, now);
}

import type { LectureFieldValues } from '../components/LectureFields';

// A lecture created by the upload page whose videos are not all sent yet. Kept for the browser tab, so a
// reload neither creates the lecture a second time nor loses it: picking the same file again under the
// same title resumes its upload (tus fingerprint = file + metadata, which includes this lecture's id).

export interface PendingUpload {
  lectureId: string;
  values: LectureFieldValues;
}

const key = (courseId: string) => `lectern.pendingUpload.${courseId}`;

export function readPendingUpload(courseId: string): PendingUpload | null {
  try {
    const raw = sessionStorage.getItem(key(courseId));
    const parsed = raw ? (JSON.parse(raw) as Partial<PendingUpload>) : null;
    return parsed && typeof parsed.lectureId === 'string' && parsed.values ? (parsed as PendingUpload) : null;
  } catch {
    return null;
  }
}

export const writePendingUpload = (courseId: string, pending: PendingUpload): void =>
  sessionStorage.setItem(key(courseId), JSON.stringify(pending));

export const clearPendingUpload = (courseId: string): void => sessionStorage.removeItem(key(courseId));

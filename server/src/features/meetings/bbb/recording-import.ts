import type { AppDeps } from '../../../app-deps';
import { type JobContext, PermanentJobError } from '../../../jobs/job-queue';
import { HttpError } from '../../../lib/errors';
import type { QuestionsFeature } from '../../questions/public';
import { findMeeting } from '../meetings.repository';
import type { BbbClient } from './bbb-client';
import { downloadRecording } from './recording-download';
import { elements, text } from './xml';

// A published recording becomes the question's answer (issue 10): getRecordings finds its `video`
// playback, the file is downloaded and goes through the same processing as an uploaded answer. Retried
// by the job queue; when it fails for good the question needs an uploaded answer again.

export const IMPORT_RECORDING_JOB = 'meetings.import-recording';
export interface ImportRecordingPayload {
  questionId: string;
  recordId: string;
}
export const RECORDING_TITLE = 'Live discussion';
export const IMPORT_RECORDING_ATTEMPTS = 5;

/** The `video` playback URL of the recording, checked to belong to `meetingId`. */
async function videoPlaybackUrl(client: BbbClient, recordId: string, meetingId: string): Promise<string> {
  const xml = await client.call('getRecordings', { recordID: recordId, state: 'published' });
  const recording = elements(xml, 'recording').find((r) => text(r, 'recordID') === recordId);
  if (!recording) throw new Error('The recording is not published yet');
  if (text(recording, 'meetingID') !== meetingId)
    throw new PermanentJobError('The recording belongs to another meeting');
  const video = elements(recording, 'format').find((f) => text(f, 'type') === 'video');
  const url = video && text(video, 'url');
  if (!url) throw new PermanentJobError('The recording has no video playback format');
  return url;
}

export function importRecordingJob(deps: AppDeps, client: BbbClient, questions: QuestionsFeature) {
  return async ({ payload, attempt, signal }: JobContext<ImportRecordingPayload>): Promise<void> => {
    const meeting = await findMeeting(deps.db, payload.questionId);
    // The room opened again since, with a recording of its own to come: this one is not wanted.
    if (meeting?.recordId !== payload.recordId) return;
    try {
      const url = await videoPlaybackUrl(client, payload.recordId, meeting.meetingId);
      const file = deps.media.tempPath();
      await downloadRecording(url, client.origin, file, deps.config.maxUploadBytes, signal);
      await questions.importRecordedAnswer(
        payload.questionId,
        { title: RECORDING_TITLE, posterId: meeting.instructorId },
        file,
      );
    } catch (error) {
      // A file Lectern cannot take (415, 422) will not get better by trying again.
      const permanent = error instanceof PermanentJobError || error instanceof HttpError;
      if ((permanent || attempt >= IMPORT_RECORDING_ATTEMPTS) && !signal.aborted)
        await deps.db.transaction((tx) => questions.recordingLost(tx, payload.questionId));
      throw permanent && !(error instanceof PermanentJobError) ? new PermanentJobError(error.message) : error;
    }
  };
}

import { accountRows } from './routes-accounts';
import { captionRows } from './routes-captions';
import { eventRows } from './routes-events';
import { invitationRows } from './routes-invitations';
import { lectureRows } from './routes-lectures';
import { ltiAdminRows } from './routes-lti-admin';
import { bbbCallbackRows, meetingRows } from './routes-meetings';
import { questionRows } from './routes-questions';
import { roomRows } from './routes-rooms';
import { studentAnswerRows } from './routes-student-answers';
import { tusRows } from './routes-tus';
import type { Row } from './table';

/** One row per route of the API (the matrix fails when a route has none); variants.ts adds the rest. */
export const routeRows: Row[] = [
  ...accountRows,
  ...invitationRows,
  ...eventRows,
  ...lectureRows,
  ...tusRows,
  ...questionRows,
  ...studentAnswerRows,
  ...captionRows,
  ...meetingRows,
  ...roomRows,
  ...bbbCallbackRows,
  ...ltiAdminRows,
];

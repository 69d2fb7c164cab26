import type { LtiHandoverAnswer, LtiHandoverBody } from '@lectern/shared';
import { api } from '../../../lib/api-client';

/** Trades an LTI launch's one-time code for a session and the page the launch lands on (issue 23). */
export const takeLtiHandover = (body: LtiHandoverBody) =>
  api<LtiHandoverAnswer>('/api/lti/handover', { method: 'POST', body });

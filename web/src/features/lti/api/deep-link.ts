import type { DeepLinkAnswer, DeepLinkBody } from '@lectern/shared';
import { api } from '../../../lib/api-client';
import { useWrite } from '../../../lib/use-write';

// The deep-linking picker's call (issue 23).

const answerDeepLink = (body: DeepLinkBody) =>
  api<DeepLinkAnswer>('/api/lti/deep-link', { method: 'POST', body });

/** The picker's answer: the signed response to post to the platform. Nothing Lectern shows changes. */
export const useAnswerDeepLink = () => useWrite(answerDeepLink, () => undefined);

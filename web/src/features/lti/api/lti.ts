import type { DeepLinkAnswer, DeepLinkBody, NewTabAnswer, NewTabBody } from '@lectern/shared';
import { api } from '../../../lib/api-client';
import { useWrite } from '../../../lib/use-write';

// The web app's calls of LTI (issue 23): the deep-linking picker's answer, and a code for a new tab.

const answerDeepLink = (body: DeepLinkBody) =>
  api<DeepLinkAnswer>('/api/lti/deep-link', { method: 'POST', body });

const newTabCode = (body: NewTabBody) => api<NewTabAnswer>('/api/lti/new-tab', { method: 'POST', body });

/** The picker's answer: the signed response to post to the platform. Nothing Lectern shows changes. */
export const useAnswerDeepLink = () => useWrite(answerDeepLink, () => undefined);

/** A one-time code signing the same person in a new tab. Nothing Lectern shows changes. */
export const useNewTabCode = () => useWrite(newTabCode, () => undefined);

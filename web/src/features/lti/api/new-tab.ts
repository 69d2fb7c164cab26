import type { NewTabAnswer, NewTabBody } from '@lectern/shared';
import { api } from '../../../lib/api-client';

/**
 * A one-time code signing the same person in a new tab. Called directly, as the launch's handover is, not
 * through a mutation hook, and kept apart from the picker's call: nothing cached changes, and the button's
 * lazy chunk then shares none of TanStack Query's mutation code, which would otherwise be split out of the
 * watch page's first load (+0.8 KB there).
 */
export const newTabCode = (body: NewTabBody) =>
  api<NewTabAnswer>('/api/lti/new-tab', { method: 'POST', body });

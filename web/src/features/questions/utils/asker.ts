import type { WhoAsked } from '@lectern/shared';

/**
 * Who asked, as the course's admins and the asker read it (SPEC §2: "anonymous" when no one is sent),
 * with the asker's wish to stay anonymous to classmates said beside the name (issue 24).
 */
export const askerName = (whoAsked: WhoAsked | undefined): string =>
  whoAsked === undefined
    ? 'anonymous'
    : `${whoAsked.name}${whoAsked.anonymous ? ' (anonymous to classmates)' : ''}`;

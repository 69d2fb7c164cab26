import type { LtiPlatform, LtiPlatformRegistration } from '@lectern/shared';
import { ApiError } from '../../../lib/api-client';

/** The platform form's fields as typed: the lists one entry a line. */
export interface PlatformDraft {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string;
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
  frameOrigins: string;
  trustEmail: boolean;
}

export type PlatformField = keyof PlatformDraft;

export const EMPTY_DRAFT: PlatformDraft = {
  name: '',
  issuer: '',
  clientId: '',
  deploymentIds: '',
  authLoginUrl: '',
  accessTokenUrl: '',
  jwksUrl: '',
  frameOrigins: '',
  trustEmail: false,
};

export const draftOf = (p: LtiPlatform): PlatformDraft => ({
  ...p,
  deploymentIds: p.deploymentIds.join('\n'),
  frameOrigins: p.frameOrigins.join('\n'),
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What the server is sent; it checks every field (LtiPlatformRegistration) and says what is wrong. */
export const registrationOf = (draft: PlatformDraft): LtiPlatformRegistration => ({
  ...draft,
  deploymentIds: lines(draft.deploymentIds),
  frameOrigins: lines(draft.frameOrigins),
});

export interface Refusal {
  fields: Partial<Record<PlatformField, string>>;
  form: string;
}
export const NO_REFUSAL: Refusal = { fields: {}, form: '' };

/**
 * The server's refusal, placed: a message for each field it names (its first, for a list field's entry
 * `deploymentIds.2` too), and the rest for the form (a conflict, a failure to reach it).
 */
export function placeRefusal(failure: unknown, fallback: string): Refusal {
  const fields: Refusal['fields'] = {};
  const issues = failure instanceof ApiError ? (failure.body as { issues?: unknown })?.issues : undefined;
  if (Array.isArray(issues)) {
    for (const issue of issues as { path: string; message: string }[]) {
      const field = issue.path.split('.')[0] as PlatformField;
      if (field in EMPTY_DRAFT) fields[field] ??= issue.message;
    }
  }
  const placed = Object.keys(fields).length > 0;
  const form = placed ? '' : failure instanceof ApiError && failure.message ? failure.message : fallback;
  return { fields, form };
}

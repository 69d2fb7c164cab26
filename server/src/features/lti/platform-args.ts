import { parseArgs } from 'node:util';
import { LtiPlatformRegistration } from '@lectern/shared';
import type { NewPlatform } from './platforms.repository';

/** `add-platform`'s options as a registration, or the first thing wrong with them. */
export function platformFromArgs(args: string[]): NewPlatform {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      name: { type: 'string' },
      issuer: { type: 'string' },
      'client-id': { type: 'string' },
      deployment: { type: 'string', multiple: true },
      'login-url': { type: 'string' },
      'token-url': { type: 'string' },
      'jwks-url': { type: 'string' },
      'frame-origin': { type: 'string', multiple: true },
      'trust-email': { type: 'boolean' },
    },
  });
  const loginUrl = values['login-url'];
  const parsed = LtiPlatformRegistration.safeParse({
    name: values.name ?? values.issuer,
    issuer: values.issuer,
    clientId: values['client-id'],
    deploymentIds: values.deployment ?? [],
    authLoginUrl: loginUrl,
    accessTokenUrl: values['token-url'],
    jwksUrl: values['jwks-url'],
    // The LMS's pages usually live where its login endpoint does; name others with --frame-origin.
    frameOrigins: values['frame-origin'] ?? (loginUrl && URL.canParse(loginUrl) ? [loginUrl] : []),
    trustEmail: values['trust-email'] ?? false,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'options'}: ${issue.message}`);
  }
  return parsed.data;
}

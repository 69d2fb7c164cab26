import { describe, expect, it } from 'vitest';
import { platformFromArgs } from './platform-args';

const base = [
  '--issuer',
  'https://canvas.instructure.com',
  '--client-id',
  '1000',
  '--deployment',
  '1:abc',
  '--login-url',
  'https://sso.canvaslms.com/api/lti/authorize_redirect',
  '--token-url',
  'https://sso.canvaslms.com/login/oauth2/token',
  '--jwks-url',
  'https://sso.canvaslms.com/api/lti/security/jwks',
];

describe('platformFromArgs', () => {
  it('reads a registration, framing from the login endpoint’s origin unless told otherwise', () => {
    expect(platformFromArgs([...base, '--name', 'Canvas'])).toMatchObject({
      name: 'Canvas',
      clientId: '1000',
      deploymentIds: ['1:abc'],
      frameOrigins: ['https://sso.canvaslms.com'],
      trustEmail: false,
    });
    const framed = platformFromArgs([
      ...base,
      '--frame-origin',
      'https://canvas.example.edu/courses',
      '--trust-email',
    ]);
    expect(framed).toMatchObject({ frameOrigins: ['https://canvas.example.edu'], trustEmail: true });
  });

  it('names what is missing or wrong', () => {
    expect(() => platformFromArgs(base.slice(0, 4))).toThrow(/deploymentIds|authLoginUrl/);
    expect(() => platformFromArgs(base.filter((a) => a !== '--deployment' && a !== '1:abc'))).toThrow(
      'Give at least one deployment id',
    );
    expect(() => platformFromArgs([...base.slice(0, 10), '--jwks-url', 'ftp://x'])).toThrow(/jwksUrl/);
    expect(() => platformFromArgs([...base, '--unknown', 'x'])).toThrow(/unknown/i);
  });
});

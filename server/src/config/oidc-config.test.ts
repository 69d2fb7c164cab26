import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

// Campus sign-on's variables (issue 23): all three or none, https but for a provider on this machine, and
// no SSO-only campus without a provider.

const campus = {
  OIDC_ISSUER: 'https://login.example.edu/realms/campus',
  OIDC_CLIENT_ID: 'lectern',
  OIDC_CLIENT_SECRET: 'secret',
};
const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('the OIDC configuration', () => {
  it('is off by default, with password login on', () => {
    expect(load({})).toMatchObject({ oidc: undefined, passwordLogin: true });
  });

  it('names the provider on the button, "campus sign-on" unless OIDC_NAME says otherwise', () => {
    expect(load(campus).oidc).toEqual({
      issuer: campus.OIDC_ISSUER,
      clientId: 'lectern',
      clientSecret: 'secret',
      name: 'campus sign-on',
    });
    expect(load({ ...campus, OIDC_NAME: 'State University' }).oidc?.name).toBe('State University');
  });

  it('refuses a partial set, an http provider elsewhere, and PASSWORD_LOGIN=off without a provider', () => {
    expect(() => load({ OIDC_ISSUER: campus.OIDC_ISSUER })).toThrow(/must be set together/);
    expect(() => load({ ...campus, OIDC_ISSUER: 'http://login.example.edu' })).toThrow(/https/);
    expect(() => load({ PASSWORD_LOGIN: 'off' })).toThrow(ConfigError);
    expect(load({ ...campus, OIDC_ISSUER: 'http://127.0.0.1:8080/realms/campus' }).oidc).toBeDefined();
    expect(load({ ...campus, PASSWORD_LOGIN: 'off' }).passwordLogin).toBe(false);
  });
});

import type { PublicConfig } from '@lectern/shared';

/**
 * "Log in with <campus>" (issue 23): a plain link, not a router one, since /sso/login is the server's
 * redirect to the campus provider.
 */
export function CampusSignOn({ sso }: { sso: NonNullable<PublicConfig['sso']> }) {
  return (
    <p>
      <a className="button" href="/sso/login">
        Log in with {sso.name}
      </a>
    </p>
  );
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../app-deps';
import { dataDirKey } from './data-dir-key';

// <video> elements cannot send a bearer header, and session tokens never go in URLs (SECURITY SESS-1).
// So every media URL the API hands out carries a short-lived HMAC grant: ?exp=<unix s>&sig=<hmac>.
// The expiry is rounded to a 6-hour bucket so a page that re-polls keeps the same URL (the player does not
// reload), valid for 6 to 12 hours. The key lives in the data dir so restarts and sibling instances sharing
// the dir accept each other's URLs.

const BUCKET_SECONDS = 6 * 3600;
const KEY_FILE = 'media-url.key';
const MAX_REMEMBERED_URLS = 10_000;

/** The signing period a moment falls in: URLs signed in one period are identical, and change with it. */
export const mediaUrlPeriod = (now: Date): number => Math.floor(now.getTime() / 1000 / BUCKET_SECONDS);

export interface MediaUrls {
  /** The signed path of a stored file, as sent in videoSource. */
  url(sha256: string): string;
  /** The signed path of its poster JPEG (the same grant), as sent in posterSource. */
  posterUrl(sha256: string): string;
  /** True when `sig` grants `sha256` until `exp` and `exp` has not passed. */
  verify(sha256: string, exp: string | undefined, sig: string | undefined): boolean;
}

const cache = new WeakMap<AppDeps, MediaUrls>();

export function mediaUrls(deps: AppDeps): MediaUrls {
  const known = cache.get(deps);
  if (known) return known;
  const key = dataDirKey(deps.config.dataDir, KEY_FILE);
  const sign = (sha256: string, exp: string) =>
    createHmac('sha256', key).update(`${sha256}.${exp}`).digest('base64url');
  // A list of 200 questions on one video used to sign the same URL 200 times (issue 14): the URLs of the
  // current period are kept, and forgotten when the period moves on.
  let period = -1;
  const urlsOfPeriod = new Map<string, string>();
  const signed = (sha256: string, extension: 'mp4' | 'jpg') => {
    const now = mediaUrlPeriod(deps.clock());
    if (now !== period || urlsOfPeriod.size >= MAX_REMEMBERED_URLS) {
      period = now;
      urlsOfPeriod.clear();
    }
    const key = `${sha256}.${extension}`;
    let url = urlsOfPeriod.get(key);
    if (url === undefined) {
      const exp = String((now + 2) * BUCKET_SECONDS);
      url = `/media/${key}?exp=${exp}&sig=${sign(sha256, exp)}`;
      urlsOfPeriod.set(key, url);
    }
    return url;
  };
  // A player asks for one file in many Range requests with the same grant, and the HMAC of each cost 2.5 %
  // of the route's CPU (issue 14): grants found valid are remembered (the key never changes, so they stay
  // valid), while the expiry is still checked on every request. Failures are not kept: anyone can make them.
  const validGrants = new Set<string>();
  const isValidGrant = (sha256: string, exp: string, sig: string) => {
    const grant = `${sha256}.${exp}.${sig}`;
    if (validGrants.has(grant)) return true;
    const expected = Buffer.from(sign(sha256, exp));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    if (validGrants.size >= MAX_REMEMBERED_URLS) validGrants.clear();
    validGrants.add(grant);
    return true;
  };
  const urls: MediaUrls = {
    url: (sha256) => signed(sha256, 'mp4'),
    posterUrl: (sha256) => signed(sha256, 'jpg'),
    verify(sha256, exp, sig) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      if (Number(exp) * 1000 < deps.clock().getTime()) return false;
      return isValidGrant(sha256, exp, sig);
    },
  };
  cache.set(deps, urls);
  return urls;
}

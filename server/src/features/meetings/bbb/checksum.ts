import { createHash } from 'node:crypto';

// BigBlueButton's call signature (docs/…/api.md, bbb-common-web GetChecksumValidator): the checksum is
// hex(H(callName + queryString + sharedSecret)) over the exact query string sent, without `checksum`.
// bbb-web picks H by the checksum's length, so SHA-256 works everywhere from 2.5; BBB_CHECKSUM=sha1
// serves older servers.

export const CHECKSUM_ALGORITHMS = ['sha1', 'sha256', 'sha384', 'sha512'] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

/** Form-style URL encoding as in the API's examples: UTF-8 percent-encoding, a space as `+`. */
export const encodeParam = (value: string): string => encodeURIComponent(value).replace(/%20/g, '+');

/** The query string of `params` in their order; undefined values are left out. */
export function queryString(params: Record<string, string | undefined>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeParam(value)}`)
    .join('&');
}

export function checksum(call: string, query: string, secret: string, algorithm: ChecksumAlgorithm): string {
  return createHash(algorithm)
    .update(call + query + secret)
    .digest('hex');
}

/** `<base>api/<call>?<query>&checksum=…`; the checksum covers exactly the query string sent. */
export function signedUrl(
  baseUrl: string,
  call: string,
  params: Record<string, string | undefined>,
  secret: string,
  algorithm: ChecksumAlgorithm,
): string {
  const query = queryString(params);
  const sum = checksum(call, query, secret, algorithm);
  return `${baseUrl}api/${call}?${query}${query ? '&' : ''}checksum=${sum}`;
}

import { z } from 'zod';
import { CLAIM } from './lti-claims';
import { boundedText, parseAnswer, ServiceError, serviceFetch, type ServiceTokens } from './service-token';
import type { PlatformRow } from './platforms.repository';

// The reading side of Names and Role Provisioning Services 2.0 (1EdTech NRPS 2.0): a context's membership
// container, paged by `Link: <…>; rel="next"`, read whole or not at all.

export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const MEMBERSHIP_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

/** Bounds of one roster read: past them the read fails and nothing is changed. */
export const ROSTER_LIMITS = { pages: 200, members: 20_000, pageBytes: 4 * 1024 * 1024 };

const text = z.string().max(1024);
export const Member = z.object({
  user_id: z.string().min(1).max(255),
  roles: z.array(z.string().max(1024)).max(100),
  status: z.enum(['Active', 'Inactive', 'Deleted']).optional(),
  name: text.optional(),
  given_name: text.optional(),
  family_name: text.optional(),
  email: text.optional(),
});
export type Member = z.infer<typeof Member>;

const Container = z.object({
  id: z.string().max(2048).optional(),
  members: z.array(z.unknown()).max(ROSTER_LIMITS.members),
});

const ServiceClaim = z.object({
  context_memberships_url: z
    .url()
    .max(2048)
    .refine((u) => /^https?:/.test(u)),
  service_versions: z.array(z.string()).refine((v) => v.includes('2.0')),
});

/** The membership URL a launch's `namesroleservice` claim names, when it offers NRPS 2.0; else null. */
export function membershipsUrlOf(claims: Record<string, unknown>): string | null {
  const claim = ServiceClaim.safeParse(claims[CLAIM.namesRoleService]);
  return claim.success ? claim.data.context_memberships_url : null;
}

/** The `next` page a Link header names (RFC 8288), resolved against the page's URL; null when none. */
export function nextPageUrl(link: string | null, pageUrl: string): string | null {
  if (!link) return null;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2]!)?.[1]?.toLowerCase().split(/\s+/) ?? [];
    if (rels.includes('next')) return new URL(match[1]!, pageUrl).href;
  }
  return null;
}

/**
 * The members of one page: a container that is not one fails the read; a member entry that does not parse
 * (no user_id, roles not a list) is skipped, as the spec lets platforms add what they like.
 */
export function parsePage(body: string): Member[] {
  const container = parseAnswer(body, Container, {
    notJson: 'the membership answer is not JSON',
    wrongShape: 'the membership answer is not a membership container',
  });
  return container.members.flatMap((m) => {
    const member = Member.safeParse(m);
    return member.success ? [member.data] : [];
  });
}

/** Every member of the context, page after page; throws (ServiceError) past ROSTER_LIMITS. */
export async function readRoster(
  tokens: ServiceTokens,
  platform: PlatformRow,
  membershipsUrl: string,
  limits = ROSTER_LIMITS,
): Promise<Member[]> {
  const members = new Map<string, Member>();
  const seen = new Set<string>();
  let url: string | null = membershipsUrl;
  for (let page = 0; url; page += 1) {
    if (page >= limits.pages) throw new ServiceError(`the roster runs past ${limits.pages} pages`);
    if (seen.has(url)) throw new ServiceError('the roster pages loop');
    seen.add(url);
    const res = await serviceFetch(tokens, platform, [NRPS_SCOPE], url, { accept: MEMBERSHIP_MEDIA_TYPE });
    const body = await boundedText(res, limits.pageBytes);
    if (res.status !== 200) throw new ServiceError(`the membership service answered ${res.status}`);
    for (const member of parsePage(body)) members.set(member.user_id, member);
    if (members.size > limits.members)
      throw new ServiceError(`the roster has more than ${limits.members} members`);
    url = nextPageUrl(res.headers.get('link'), url);
  }
  return [...members.values()];
}

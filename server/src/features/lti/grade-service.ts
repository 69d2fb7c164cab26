import { z } from 'zod';
import { CLAIM } from './lti-claims';
import type { PlatformRow } from './platforms.repository';
import { boundedText, parseAnswer, ServiceError, serviceFetch, type ServiceTokens } from './service-token';

// The calling side of Assignment and Grade Services 2.0 (1EdTech LTI AGS 2.0): a line item made in a
// context's line items container (§3.2), and scores posted to its score publish service (§3.4).

export const AGS_SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;
const MEDIA = {
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  score: 'application/vnd.ims.lis.v1.score+json',
};
/** A line item's answer is a few hundred bytes; a score's is empty or its echo. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Scores are sent as percentages. */
export const SCORE_MAXIMUM = 100;

const httpUrl = z
  .url()
  .max(2048)
  .refine((u) => /^https?:/.test(u));

const EndpointClaim = z.object({
  lineitems: httpUrl,
  scope: z.array(z.string().max(256)).max(20),
});

/**
 * The line items container and the scopes a launch's AGS endpoint claim offers, when it lets Lectern make
 * line items and post scores; else null.
 */
export function gradebookOf(
  claims: Record<string, unknown>,
): { lineItemsUrl: string; scopes: string[] } | null {
  const claim = EndpointClaim.safeParse(claims[CLAIM.agsEndpoint]);
  if (!claim.success) return null;
  const { lineitems, scope } = claim.data;
  return scope.includes(AGS_SCOPE.lineItem) && scope.includes(AGS_SCOPE.score)
    ? { lineItemsUrl: lineitems, scopes: scope }
    : null;
}

const LineItemAnswer = z.object({ id: httpUrl });

/** Makes a line item in the container (§3.2.5); its URL, the `id` the platform answers with. */
export async function createLineItem(
  tokens: ServiceTokens,
  platform: PlatformRow,
  lineItemsUrl: string,
  item: { label: string; resourceId: string },
): Promise<string> {
  const res = await serviceFetch(tokens, platform, [AGS_SCOPE.lineItem], lineItemsUrl, {
    method: 'POST',
    accept: MEDIA.lineItem,
    contentType: MEDIA.lineItem,
    body: JSON.stringify({
      label: item.label,
      scoreMaximum: SCORE_MAXIMUM,
      resourceId: item.resourceId,
      tag: 'lectern-watch-progress',
    }),
  });
  const text = await boundedText(res, MAX_ANSWER_BYTES);
  if (res.status !== 200 && res.status !== 201)
    throw new ServiceError(`the line items service answered ${res.status}`);
  return parseAnswer(text, LineItemAnswer, {
    notJson: 'the line item answer is not JSON',
    wrongShape: 'the line item answer has no id',
  }).id;
}

/** The score publish service of a line item: its URL's path with `/scores` added, its query kept (§3.4). */
export function scoresUrlOf(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.href;
}

/** Posts a learner's watch progress as a score: a percentage, fully graded, `Completed` at 100 %. */
export async function postScore(
  tokens: ServiceTokens,
  platform: PlatformRow,
  lineItemUrl: string,
  score: { userId: string; percent: number; at: Date },
): Promise<void> {
  const res = await serviceFetch(tokens, platform, [AGS_SCOPE.score], scoresUrlOf(lineItemUrl), {
    method: 'POST',
    accept: 'application/json',
    contentType: MEDIA.score,
    body: JSON.stringify({
      userId: score.userId,
      scoreGiven: score.percent,
      scoreMaximum: SCORE_MAXIMUM,
      activityProgress: score.percent >= SCORE_MAXIMUM ? 'Completed' : 'InProgress',
      gradingProgress: 'FullyGraded',
      timestamp: score.at.toISOString(),
    }),
  });
  await boundedText(res, MAX_ANSWER_BYTES);
  if (res.status < 200 || res.status > 204)
    throw new ServiceError(`the score service answered ${res.status}`);
}

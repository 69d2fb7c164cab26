import { z } from 'zod';
import { RESOURCE_LINK_ITEM } from './lti-claims';
import { LTI_REFUSALS, LtiRefusal } from './lti-refusal';

/** The settings of a deep-linking request Lectern needs (Deep Linking 2.0 §4.4.1); the rest is ignored. */
const Settings = z.object({
  accept_types: z.array(z.string().max(100)).max(50),
  accept_multiple: z.boolean().optional(),
  data: z.string().max(4096).optional(),
});

/** The request's return URL: absolute http(s), no credentials in it. */
function returnUrlOf(settings: unknown): string | null {
  const raw = (settings as { deep_link_return_url?: unknown } | null)?.deep_link_return_url;
  if (typeof raw !== 'string' || raw.length > 2048 || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (!['https:', 'http:'].includes(url.protocol) || url.username || url.password) return null;
  return url.href;
}

export interface DeepLinkSettings {
  returnUrl: string;
  acceptMultiple: boolean;
  data: string | null;
}

/**
 * What a deep-linking request asks of Lectern, or a refusal naming what is wrong: no usable
 * `deep_link_return_url`, or a placement that does not accept LTI resource links (the only items Lectern
 * makes). `accept_multiple` absent counts as false, as the specification says.
 */
export function deepLinkSettings(raw: unknown): DeepLinkSettings {
  const returnUrl = returnUrlOf(raw);
  if (!returnUrl) throw new LtiRefusal(400, 'deep linking: return URL', LTI_REFUSALS.badReturnUrl);
  const settings = Settings.safeParse(raw);
  if (!settings.success) throw new LtiRefusal(400, 'deep linking: settings', LTI_REFUSALS.badRequest);
  if (!settings.data.accept_types.includes(RESOURCE_LINK_ITEM))
    throw new LtiRefusal(400, 'deep linking: ltiResourceLink not accepted', LTI_REFUSALS.itemsNotAccepted);
  return {
    returnUrl,
    acceptMultiple: settings.data.accept_multiple ?? false,
    data: settings.data.data ?? null,
  };
}

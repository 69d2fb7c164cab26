// The claims of LTI 1.3 Core and Deep Linking 2.0 that Lectern reads (1EdTech LTI Core 1.3, §5).
const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const LTI_DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';

export const CLAIM = {
  messageType: `${LTI}/message_type`,
  version: `${LTI}/version`,
  deploymentId: `${LTI}/deployment_id`,
  targetLinkUri: `${LTI}/target_link_uri`,
  resourceLink: `${LTI}/resource_link`,
  roles: `${LTI}/roles`,
  context: `${LTI}/context`,
  custom: `${LTI}/custom`,
  deepLinkingSettings: `${LTI_DL}/deep_linking_settings`,
  contentItems: `${LTI_DL}/content_items`,
  data: `${LTI_DL}/data`,
  /** Names and Role Provisioning Services 2.0: the context's membership URL (NRPS 2.0 §3.6.1). */
  namesRoleService: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  /** Assignment and Grade Services 2.0: the context's line items container and the scopes granted (§3.1). */
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
/** The only content item type Lectern returns (Deep Linking 2.0 §3.1). */
export const RESOURCE_LINK_ITEM = 'ltiResourceLink';

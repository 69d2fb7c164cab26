import type http from 'node:http';
import { randomUUID } from 'node:crypto';

// The platform's side of Assignment and Grade Services 2.0 (1EdTech LTI AGS 2.0), for the reference
// platform (lti-platform.ts): a context's line items container (GET lists, POST creates; §3.2), each line
// item (GET), and its score publish service (POST `<line item>/scores`; §3.4). Every request needs a bearer
// token granted the service's scope and the media types the spec names; a request a platform would refuse,
// it refuses. Levers make it answer badly, for the tests of bad answers.

export const AGS_SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
};
const MEDIA = {
  container: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  score: 'application/vnd.ims.lis.v1.score+json',
};
const ACTIVITY = ['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'];
const GRADING = ['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'];
// §3.4.5: an ISO 8601 date and time with its offset (sub-second precision recommended).
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

export interface LineItem {
  id: string;
  label: string;
  scoreMaximum: number;
  resourceId?: string;
  tag?: string;
  resourceLinkId?: string;
}

/** A score as the platform received it (§3.4.2), and the line item it is for. */
export interface ReceivedScore {
  lineItem: string;
  userId: string;
  scoreGiven?: number;
  scoreMaximum?: number;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
  comment?: string;
}

/**
 * How the gradebook misbehaves: `malformed` and `huge` answers to a line item's creation, `down` (503)
 * for every request.
 */
export type GradebookFault = 'malformed' | 'huge' | 'down' | null;

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

const parseJson = (text: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/** The score a tool posted, when it is one (§3.4.2); else what is wrong with it. */
function readScore(body: Record<string, unknown>, lineItem: string): ReceivedScore | string {
  const { userId, scoreGiven, scoreMaximum, activityProgress, gradingProgress, timestamp, comment } = body;
  if (typeof userId !== 'string' || userId === '') return 'userId';
  if (typeof activityProgress !== 'string' || !ACTIVITY.includes(activityProgress)) return 'activityProgress';
  if (typeof gradingProgress !== 'string' || !GRADING.includes(gradingProgress)) return 'gradingProgress';
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return 'timestamp';
  if (scoreGiven !== undefined) {
    if (typeof scoreGiven !== 'number' || scoreGiven < 0) return 'scoreGiven';
    // scoreMaximum must be present (and positive) when scoreGiven is.
    if (typeof scoreMaximum !== 'number' || scoreMaximum <= 0) return 'scoreMaximum';
  }
  if (comment !== undefined && typeof comment !== 'string') return 'comment';
  return {
    lineItem,
    userId,
    activityProgress,
    gradingProgress,
    timestamp,
    ...(scoreGiven === undefined ? {} : { scoreGiven, scoreMaximum: scoreMaximum as number }),
    ...(comment === undefined ? {} : { comment }),
  };
}

/**
 * The gradebook of the platform at `base`: `grantOf(bearer)` says which scopes a token was granted (null
 * for none, or expired).
 */
export function referenceGradebook(base: string, grantOf: (bearer: string) => string[] | null) {
  const offered = new Set<string>();
  const lineItems = new Map<string, LineItem & { contextId: string }>();
  const scores: ReceivedScore[] = [];
  let fault: GradebookFault = null;

  const send = (res: http.ServerResponse, status: number, type?: string, body?: unknown) =>
    void res
      .writeHead(status, type ? { 'content-type': type } : {})
      .end(body === undefined ? undefined : JSON.stringify(body));
  const itemAnswer = ({ contextId: _context, ...item }: LineItem & { contextId: string }) => item;

  async function createLineItem(req: http.IncomingMessage, res: http.ServerResponse, contextId: string) {
    if (req.headers['content-type'] !== MEDIA.lineItem) return send(res, 415);
    const body = parseJson(await readBody(req));
    const { label, scoreMaximum, resourceId, tag, resourceLinkId } = body ?? {};
    if (
      typeof label !== 'string' ||
      label.trim() === '' ||
      typeof scoreMaximum !== 'number' ||
      scoreMaximum <= 0
    )
      return send(res, 400, 'application/json', { error: 'label and a positive scoreMaximum are required' });
    const id = `${base}/ags/${contextId}/lineitems/${randomUUID()}`;
    const item = {
      id,
      label,
      scoreMaximum,
      contextId,
      ...(typeof resourceId === 'string' ? { resourceId } : {}),
      ...(typeof tag === 'string' ? { tag } : {}),
      ...(typeof resourceLinkId === 'string' ? { resourceLinkId } : {}),
    };
    lineItems.set(id, item);
    if (fault === 'malformed')
      return void res.writeHead(201, { 'content-type': MEDIA.lineItem }).end('{"id": ');
    if (fault === 'huge') {
      // Ten megabytes of label, streamed without a length.
      res.writeHead(201, { 'content-type': MEDIA.lineItem });
      res.write(`{"id":${JSON.stringify(id)},"label":"`);
      for (let i = 0; i < 10_000 && !res.destroyed; i += 1) res.write('x'.repeat(1000));
      return void res.end('","scoreMaximum":100}');
    }
    send(res, 201, MEDIA.lineItem, itemAnswer(item));
  }

  return {
    /** Line items made, by URL. */
    lineItems,
    /** Every score received, in order. */
    scores,
    /** Makes the context's launches offer the gradebook (the AGS endpoint claim). */
    offer(contextId: string) {
      offered.add(contextId);
    },
    setFault(next: GradebookFault) {
      fault = next;
    },
    /** The launch's AGS endpoint claim for the context, when it offers the gradebook. */
    endpointClaim(contextId: string): Record<string, unknown> {
      if (!offered.has(contextId)) return {};
      return {
        'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
          scope: [AGS_SCOPE.lineItem, AGS_SCOPE.score],
          lineitems: `${base}/ags/${contextId}/lineitems`,
        },
      };
    },
    /** Answers a request under /ags/, or returns false when the path is not the gradebook's. */
    serve(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
      const match = /^\/ags\/([\w-]+)\/lineitems(?:\/([\w-]+)(\/scores)?)?$/.exec(url.pathname);
      if (!match) return false;
      const [, contextId, itemId, scoresPath] = match as unknown as [string, string, string?, string?];
      const scopes = grantOf(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
      if (!scopes) return (void send(res, 401), true);
      if (!offered.has(contextId)) return (void send(res, 404), true);
      if (fault === 'down') return (void send(res, 503), true);
      const may = (...needed: string[]) => needed.some((s) => scopes.includes(s));
      if (!itemId) {
        if (req.method === 'POST') {
          if (!may(AGS_SCOPE.lineItem)) return (void send(res, 403), true);
          void createLineItem(req, res, contextId);
          return true;
        }
        if (!may(AGS_SCOPE.lineItem, AGS_SCOPE.lineItemReadOnly)) return (void send(res, 403), true);
        const resourceId = url.searchParams.get('resource_id');
        const items = [...lineItems.values()].filter(
          (i) => i.contextId === contextId && (resourceId === null || i.resourceId === resourceId),
        );
        return (void send(res, 200, MEDIA.container, items.map(itemAnswer)), true);
      }
      const item = lineItems.get(`${base}/ags/${contextId}/lineitems/${itemId}`);
      if (!item) return (void send(res, 404), true);
      if (!scoresPath) {
        if (!may(AGS_SCOPE.lineItem, AGS_SCOPE.lineItemReadOnly)) return (void send(res, 403), true);
        return (void send(res, 200, MEDIA.lineItem, itemAnswer(item)), true);
      }
      if (req.method !== 'POST') return (void send(res, 405), true);
      if (!may(AGS_SCOPE.score)) return (void send(res, 403), true);
      if (req.headers['content-type'] !== MEDIA.score) return (void send(res, 415), true);
      void readBody(req).then((text) => {
        const body = parseJson(text);
        const score = body ? readScore(body, item.id) : 'not JSON';
        if (typeof score === 'string') return send(res, 400, 'application/json', { error: score });
        scores.push(score);
        send(res, 204);
      });
      return true;
    },
  };
}

export type ReferenceGradebook = ReturnType<typeof referenceGradebook>;

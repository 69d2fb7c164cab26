import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// An in-process BigBlueButton for API tests (reference: the BBB API docs and bbb-common-web's validators):
// a real HTTP server that checks every call's checksum exactly as bbb-web does (on the raw query string,
// the algorithm chosen by the checksum's length), keeps meetings, answers the documented XML, and has
// hooks to fire the end callback (GET + recordingmarks) and the recording-ready callback (POST form
// `signed_parameters`, a JWT signed HS256 with the secret), and serves a recording's video file.

const ALGORITHMS: Record<number, string> = { 40: 'sha1', 64: 'sha256', 96: 'sha384', 128: 'sha512' };
const RECORDING_FILE = path.join(import.meta.dirname, '../../test-media/input-h264-aac.m4v');

export interface DoubleMeeting {
  meetingID: string;
  name: string;
  createTime: string;
  running: boolean;
  /** The create call's parameters, decoded. */
  params: Record<string, string>;
  /** meta_* parameters, keys lower-cased as getMeetingInfo returns them. */
  metadata: Record<string, string>;
  attendees: { userID: string; fullName: string; role: string }[];
}

export interface DoubleCall {
  call: string;
  params: Record<string, string>;
  /** The checksum was right. */
  valid: boolean;
}

/** bbb-web's check: strip `checksum=` from the raw query, pick H by length, compare case-insensitively. */
export function bbbWebChecksumOk(call: string, rawQuery: string, secret: string): boolean {
  const match = /(?:^|&)checksum=([^&]*)/.exec(rawQuery);
  if (!match) return false;
  const given = match[1]!;
  const stripped = rawQuery
    .replace(`&checksum=${given}`, '')
    .replace(`checksum=${given}&`, '')
    .replace(`checksum=${given}`, '');
  const algorithm = ALGORITHMS[given.length];
  if (!algorithm) return false;
  return (
    createHash(algorithm)
      .update(call + stripped + secret)
      .digest('hex') === given.toLowerCase()
  );
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
const response = (code: 'SUCCESS' | 'FAILED', body: string) =>
  `<response>${element('returncode', code)}${body}</response>`;
const failed = (key: string, message: string) =>
  response('FAILED', element('messageKey', key) + element('message', message));

function jwtHs256(payload: object, secret: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export class BbbDouble {
  readonly secret = 'double-secret-8c1f0a7e2b5d4c3a9e6f';
  readonly meetings = new Map<string, DoubleMeeting>();
  readonly recordings = new Map<string, { meetingID: string; startTime: number }>();
  readonly calls: DoubleCall[] = [];
  /** 'down': every API call answers 500; 'hang': no answer at all (a timeout). */
  failure: 'down' | 'hang' | null = null;
  /** Callbacks name the app's PUBLIC_URL; they are sent to this origin instead (the app's test port). */
  lecternOrigin: { publicUrl: string; actual: string } | null = null;
  private lastCreateTime = 0;
  private readonly hung = new Set<http.ServerResponse>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/bigbluebutton/`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    for (const res of this.hung) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Checks a join URL as bbb-web would: checksum, meeting, createTime; returns the parameters. */
  checkJoinUrl(url: string): Record<string, string> | null {
    const parsed = new URL(url);
    const raw = parsed.search.slice(1);
    if (!parsed.pathname.endsWith('/api/join') || !bbbWebChecksumOk('join', raw, this.secret)) return null;
    const params = Object.fromEntries(parsed.searchParams);
    const meeting = this.meetings.get(params.meetingID ?? '');
    return meeting && meeting.createTime === params.createTime ? params : null;
  }

  /** The meeting ends on the server: GET its meta_endCallbackUrl with recordingmarks; the answer's status. */
  async fireEndCallback(meetingID: string, recordingMarks = true): Promise<number> {
    const meeting = this.meetings.get(meetingID)!;
    meeting.running = false;
    const url = meeting.metadata.endcallbackurl!;
    const res = await fetch(
      this.toLectern(`${url}${url.includes('?') ? '&' : '?'}recordingmarks=${recordingMarks}`),
    );
    return res.status;
  }

  /** A recording of the meeting is published: POST the recording-ready callback; its status and the id. */
  async publishRecording(meetingID: string): Promise<{ status: number; recordId: string; token: string }> {
    const meeting = this.meetings.get(meetingID)!;
    const recordId = `${createHash('sha1').update(meetingID).digest('hex')}-${meeting.createTime}`;
    this.recordings.set(recordId, { meetingID, startTime: Number(meeting.createTime) });
    const token = jwtHs256({ meeting_id: meetingID, record_id: recordId }, this.secret);
    return { status: await this.postRecordingReady(meetingID, token), recordId, token };
  }

  /** POSTs `signed_parameters` to the meeting's recording-ready URL, as bbb-web does. */
  async postRecordingReady(meetingID: string, signedParameters: string | null): Promise<number> {
    const url = this.meetings.get(meetingID)!.metadata['bbb-recording-ready-url']!;
    const res = await fetch(this.toLectern(url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body:
        signedParameters === null
          ? ''
          : new URLSearchParams({ signed_parameters: signedParameters }).toString(),
    });
    return res.status;
  }

  signWith(secret: string, payload: object): string {
    return jwtHs256(payload, secret);
  }

  private toLectern(url: string): string {
    const o = this.lecternOrigin;
    return o && url.startsWith(o.publicUrl) ? o.actual + url.slice(o.publicUrl.length) : url;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://double');
    const playback = /^\/playback\/video\/([^/]+)\/video-0\.m4v$/.exec(url.pathname);
    if (playback) {
      if (!this.recordings.has(playback[1]!)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': fs.statSync(RECORDING_FILE).size });
      return void fs.createReadStream(RECORDING_FILE).pipe(res);
    }
    const api = /^\/bigbluebutton\/api\/(\w+)$/.exec(url.pathname);
    if (!api) return void res.writeHead(404).end();
    if (this.failure === 'hang') return void this.hung.add(res);
    if (this.failure === 'down') return void res.writeHead(500).end('Internal Server Error');
    const call = api[1]!;
    const raw = url.search.slice(1);
    const params = Object.fromEntries(url.searchParams);
    delete params.checksum;
    const valid = bbbWebChecksumOk(call, raw, this.secret);
    this.calls.push({ call, params, valid });
    const xml = valid ? this.answer(call, params) : failed('checksumError', 'Checksums do not match');
    if (call === 'join' && valid && !xml.includes('FAILED'))
      return void res.writeHead(302, { location: `${this.url}client/?sessionToken=t` }).end();
    res.writeHead(200, { 'content-type': 'text/xml' }).end(xml);
  }

  private answer(call: string, p: Record<string, string>): string {
    const meeting = p.meetingID ? this.meetings.get(p.meetingID) : undefined;
    switch (call) {
      case 'create': {
        if (!p.meetingID || !p.name) return failed('missingParamMeetingID', 'You must specify a meeting ID');
        if (meeting?.running)
          return response(
            'SUCCESS',
            element('meetingID', meeting.meetingID) +
              element('createTime', meeting.createTime) +
              element('messageKey', 'duplicateWarning'),
          );
        this.lastCreateTime = Math.max(Date.now(), this.lastCreateTime + 1);
        const metadata = Object.fromEntries(
          Object.entries(p)
            .filter(([k]) => k.startsWith('meta_'))
            .map(([k, v]) => [k.slice(5).toLowerCase(), v]),
        );
        const created: DoubleMeeting = {
          meetingID: p.meetingID,
          name: p.name,
          createTime: String(this.lastCreateTime),
          running: true,
          params: p,
          metadata,
          attendees: [],
        };
        this.meetings.set(p.meetingID, created);
        return response(
          'SUCCESS',
          element('meetingID', created.meetingID) + element('createTime', created.createTime),
        );
      }
      case 'join': {
        if (!meeting?.running) return failed('invalidMeetingIdentifier', 'The meeting ID does not exist');
        if (p.createTime && p.createTime !== meeting.createTime)
          return failed('mismatchCreateTimeParam', 'The createTime parameter submitted mismatches');
        if (!p.fullName || !/^(MODERATOR|VIEWER)$/i.test(p.role ?? ''))
          return failed('missingParamFullName', 'You must specify a name and a role');
        meeting.attendees.push({ userID: p.userID ?? '', fullName: p.fullName, role: p.role!.toUpperCase() });
        return response('SUCCESS', element('messageKey', 'successfullyJoined'));
      }
      case 'end':
        if (!meeting) return failed('notFound', 'We could not find a meeting with that meeting ID');
        meeting.running = false;
        return response('SUCCESS', element('messageKey', 'sentEndMeetingRequest'));
      case 'isMeetingRunning':
        return response('SUCCESS', element('running', String(Boolean(meeting?.running))));
      case 'getMeetingInfo': {
        if (!meeting) return failed('notFound', 'We could not find a meeting with that meeting ID');
        const attendees = meeting.attendees
          .map(
            (a) =>
              `<attendee>${element('userID', a.userID)}${element('fullName', a.fullName)}${element('role', a.role)}</attendee>`,
          )
          .join('');
        const metadata = Object.entries(meeting.metadata)
          .map(([k, v]) => element(k, v))
          .join('');
        return response(
          'SUCCESS',
          element('meetingName', meeting.name) +
            element('meetingID', meeting.meetingID) +
            element('createTime', meeting.createTime) +
            element('running', String(meeting.running)) +
            `<attendees>${attendees}</attendees><metadata>${metadata}</metadata>`,
        );
      }
      case 'getRecordings': {
        const ids = (p.recordID ?? '').split(',').filter(Boolean);
        const found = [...this.recordings].filter(([id, r]) =>
          ids.length ? ids.some((i) => id.startsWith(i)) : r.meetingID === p.meetingID,
        );
        if (found.length === 0)
          return response('SUCCESS', '<recordings></recordings>' + element('messageKey', 'noRecordings'));
        const recordings = found
          .map(
            ([id, r]) =>
              `<recording>${element('recordID', id)}${element('meetingID', r.meetingID)}${element('published', 'true')}${element('state', 'published')}${element('startTime', String(r.startTime))}` +
              `<playback><format>${element('type', 'presentation')}${element('url', `${this.url.replace('/bigbluebutton/', '/')}playback/presentation/2.3/${id}`)}</format>` +
              `<format>${element('type', 'video')}${element('url', `${this.url.replace('/bigbluebutton/', '/')}playback/video/${id}/`)}</format></playback></recording>`,
          )
          .join('');
        return response('SUCCESS', `<recordings>${recordings}</recordings>`);
      }
      default:
        return failed('unsupportedRequest', 'This request is not supported');
    }
  }
}

export const startBbbDouble = () => new BbbDouble().start();

import { MeetingProviderError } from '../provider';
import { type ChecksumAlgorithm, signedUrl } from './checksum';
import { text } from './xml';

// Server-to-server calls to BigBlueButton (`BBB_URL` + `api/` + call). Every call has a deadline; the
// shared secret only ever goes into a checksum, never into a URL, an error or a log line.

export interface BbbSettings {
  /** As `bbb-conf --secret` prints it, e.g. https://bbb.example.edu/bigbluebutton/ */
  url: string;
  secret: string;
  checksum: ChecksumAlgorithm;
}

/** A call BigBlueButton answered with FAILED: `messageKey` is its stable reason (e.g. notFound). */
export class BbbFailure extends MeetingProviderError {
  constructor(
    readonly call: string,
    readonly messageKey: string,
  ) {
    super(`BigBlueButton ${call} failed: ${messageKey}`, 502);
  }
}

export const BBB_CALL_TIMEOUT_MS = 10_000;

export type BbbClient = ReturnType<typeof createBbbClient>;

export function createBbbClient(settings: BbbSettings, timeoutMs = BBB_CALL_TIMEOUT_MS) {
  const base = settings.url.endsWith('/') ? settings.url : `${settings.url}/`;
  const url = (call: string, params: Record<string, string | undefined>) =>
    signedUrl(base, call, params, settings.secret, settings.checksum);

  /** The answer's XML when its returncode is SUCCESS; MeetingProviderError otherwise (504 on timeout). */
  async function call(name: string, params: Record<string, string | undefined>): Promise<string> {
    let res: Response;
    try {
      res = await fetch(url(name, params), { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new MeetingProviderError(
        timedOut ? `BigBlueButton ${name} timed out` : `BigBlueButton ${name} unreachable`,
        timedOut ? 504 : 502,
      );
    }
    const xml = await res.text().catch(() => '');
    if (!res.ok) throw new MeetingProviderError(`BigBlueButton ${name} answered HTTP ${res.status}`, 502);
    if (text(xml, 'returncode') !== 'SUCCESS')
      throw new BbbFailure(name, text(xml, 'messageKey') ?? 'unknown');
    return xml;
  }

  /** The only origin Lectern downloads recordings from. */
  const origin = new URL(base).origin;
  return { url, call, origin };
}

// An incremental parser of the text/event-stream format (WHATWG HTML "Server-sent events", §9.2.6), for
// reading the stream with fetch: the body arrives in arbitrary chunks, so a line, or a CR LF pair, may be
// split between two chunks.

export interface SseMessage {
  /** The last `id:` seen on the stream so far (it carries over to later messages, as in EventSource). */
  id: string;
  /** `event:` of the message, 'message' when it had none. */
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds the next chunk of decoded text; returns the messages it completed. */
  push(chunk: string): SseMessage[];
  /** The last event id seen, for `Last-Event-ID` on the next connection ('' when none). */
  readonly lastEventId: string;
}

export function createSseParser(): SseParser {
  let buffer = '';
  // A chunk that ended in CR: an LF at the start of the next chunk belongs to the same line end.
  let skipLeadingLf = false;
  let lastEventId = '';
  let event = '';
  let data: string[] = [];

  function dispatch(out: SseMessage[]) {
    if (data.length > 0) out.push({ id: lastEventId, event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  }

  function field(line: string) {
    const colon = line.indexOf(':');
    if (colon === 0) return; // a comment, e.g. the server's heartbeat ": ping"
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id' && !value.includes('\0')) lastEventId = value;
    // `retry` and unknown fields are ignored: reconnection timing is the client's own backoff.
  }

  return {
    get lastEventId() {
      return lastEventId;
    },
    push(chunk) {
      const out: SseMessage[] = [];
      if (chunk === '') return out;
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/[\r\n]/);
        if (end < 0) break;
        const cr = buffer[end] === '\r';
        const crlf = cr && buffer[end + 1] === '\n';
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (crlf ? 2 : 1));
        // A CR that ends the chunk may be the first half of a CR LF split between chunks.
        if (cr && !crlf && buffer === '') skipLeadingLf = true;
        if (line === '') dispatch(out);
        else field(line);
      }
      return out;
    },
  };
}

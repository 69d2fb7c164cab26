import type { IncomingMessage, Server } from 'node:http';
import { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env';
import { KEEP_ALIVE_MS, limitOpenSockets } from './open-sockets';

// Slow clients (issue 12, item 1). A socket costs a file descriptor for as long as it stays open, so a
// client that sends its headers and then no body, or trickles a byte at a time, could hold hundreds of
// them with almost no bandwidth. Four limits together:
// - headers: Node's headersTimeout (checked every second) closes a connection that has not finished
//   its headers in time, including one that sent nothing at all;
// - bodies: a JSON (or any non-upload) body must be complete within the same time after its headers;
// - uploads: a tus or multipart upload may take hours, so it is cut only when it stalls (receives less
//   than UPLOAD_MIN_PROGRESS_BYTES in a whole stall period), never while it moves;
// - per address: at most maxConnectionsPerIp connections may be still sending a request. Idle
//   keep-alive connections and long answers (the event stream, a video) do not count, so a class of 500
//   behind one campus NAT is unaffected; a trusted reverse proxy is exempt (it limits its clients itself).
// Answers a client stops reading are cut by the socket idle timeout. Every open socket of an address,
// whatever it does, is counted separately, and idle keep-alive connections closed (open-sockets.ts).

/** Below this much in a stall period an upload counts as stalled (a modem sends that in 3 s). */
export const UPLOAD_MIN_PROGRESS_BYTES = 16 * 1024;
/** A socket on which nothing moves either way for this long is closed. */
const IDLE_SOCKET_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is a file upload: it is cut when it stalls, not after the request timeout. */
    upload?: boolean;
  }
}

/** Fastify's server options for these limits (they can only be set when the server is created). */
export function slowClientServerOptions(config: AppConfig): FastifyHttpOptions<Server> {
  return {
    connectionTimeout: IDLE_SOCKET_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
    requestTimeout: 0, // per route, below: an upload may take longer than any fixed limit
    http: {
      headersTimeout: config.transport.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.transport.requestTimeoutMs),
    },
  };
}

const hasBody = (raw: IncomingMessage): boolean =>
  raw.headers['transfer-encoding'] !== undefined ||
  (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0');

/** Calls `cut` after `ms`, unless stopped first (when the body has ended). */
function bodyDeadline(ms: number, cut: () => void): () => void {
  const timer = setTimeout(cut, ms);
  return () => clearTimeout(timer);
}

/** Calls `cut` when the socket received less than the minimum in a whole period. */
function progressWatch(socket: Socket, periodMs: number, cut: () => void): () => void {
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    if (socket.bytesRead - seen < UPLOAD_MIN_PROGRESS_BYTES) cut();
    seen = socket.bytesRead;
  }, periodMs);
  return () => clearInterval(timer);
}

export function registerSlowClientLimits(app: FastifyInstance, config: AppConfig): void {
  const { requestTimeoutMs, uploadStallMs, maxConnectionsPerIp } = config.transport;

  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const socket = raw.socket;
    // Only real connections: a request made in process (app.inject) has a stand-in socket.
    if (raw.readableEnded || !hasBody(raw) || !(socket instanceof Socket)) return done();
    const cut = (why: string) => () => {
      req.log.info({ reason: why }, 'slow client: connection closed');
      socket.destroy();
    };
    const isUpload = req.routeOptions.config.upload === true;
    let stop = isUpload
      ? progressWatch(socket, uploadStallMs, cut('upload stalled'))
      : bodyDeadline(requestTimeoutMs, cut('request body too slow'));
    // Answered before its body arrived (a 401, a 413): the rest must then come within the timeout.
    reply.raw.once('finish', () => {
      if (raw.readableEnded) return;
      stop();
      stop = bodyDeadline(requestTimeoutMs, cut('request body too slow'));
    });
    // The socket outlives the request on keep-alive: its listener goes when the body has arrived.
    const onSocketClose = () => stop();
    socket.once('close', onSocketClose);
    raw.once('end', () => {
      stop();
      socket.off('close', onSocketClose);
    });
    done();
  });

  limitPendingConnections(app, config, maxConnectionsPerIp);
  limitOpenSockets(app, config);
}

/**
 * At most `max` connections per client address still sending their request: from the connection's
 * opening to the end of its first request's body, and again while a later request's body is arriving.
 */
function limitPendingConnections(app: FastifyInstance, config: AppConfig, max: number): void {
  const trusted = config.trustProxy ? proxyAddr.compile(config.trustProxy) : () => false;
  const pending = new Map<string, number>();
  const settled = new WeakSet<Socket>();
  const release = (socket: Socket, address: string) => {
    if (settled.has(socket)) return;
    settled.add(socket);
    const left = (pending.get(address) ?? 1) - 1;
    if (left > 0) pending.set(address, left);
    else pending.delete(address);
  };
  const track = (socket: Socket, address: string) => {
    settled.delete(socket);
    pending.set(address, (pending.get(address) ?? 0) + 1);
  };

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    if ((pending.get(address) ?? 0) >= max) {
      socket.destroy();
      return;
    }
    track(socket, address);
    socket.once('close', () => release(socket, address));
  });

  app.server.on('request', (raw: IncomingMessage) => {
    const socket = raw.socket;
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    const bodyArriving = hasBody(raw) && !raw.readableEnded;
    if (bodyArriving && settled.has(socket)) track(socket, address);
    if (!bodyArriving) release(socket, address);
    else raw.once('end', () => release(socket, address));
  });
}

import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env';

// Every socket costs a file descriptor while it is open, whatever it is doing: sending a request,
// idling between keep-alive requests, or holding an event stream (issue 20). One address may hold at
// most `maxSocketsPerIp` of them; more are closed as they arrive. A class of 500 behind one campus NAT
// never gets there: a browser opens at most 6 connections to one host. A trusted reverse proxy is
// exempt (it limits its own clients, docs/deploy.md).

/** An idle keep-alive connection is closed after this long (Node's own default; Fastify's is 72 s). */
export const KEEP_ALIVE_MS = 5_000;

export function limitOpenSockets(app: FastifyInstance, config: AppConfig): void {
  const max = config.transport.maxSocketsPerIp;
  const trusted = config.trustProxy ? proxyAddr.compile(config.trustProxy) : () => false;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

import net from 'node:net';

// Raw sockets that behave like slow or malicious clients (issue 12): they send what they are told and
// record when the server closed them.

export interface SlowSocket {
  socket: net.Socket;
  /** Resolves with the time (ms since opening) at which the server closed the socket. */
  closed: Promise<number>;
  isOpen(): boolean;
  /** Writes a byte every `everyMs` until the socket closes (a trickling client). */
  trickle(everyMs: number, byte?: string): void;
  destroy(): void;
}

export interface SlowSocketOptions {
  /** Source address: 127.0.0.2 and the like keep an attacker apart from legitimate loopback traffic. */
  localAddress?: string;
  /** Sent once connected (headers, part of a body); nothing when absent. */
  send?: string | Buffer;
}

export function openSlowSocket(baseUrl: string, options: SlowSocketOptions = {}): SlowSocket {
  const { hostname, port } = new URL(baseUrl);
  const opened = Date.now();
  const socket = net.connect({ host: hostname, port: Number(port), localAddress: options.localAddress });
  let open = true;
  let timer: NodeJS.Timeout | undefined;
  socket.on('error', () => undefined);
  socket.on('data', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      open = false;
      clearInterval(timer);
      resolve(Date.now() - opened);
    }),
  );
  socket.once('connect', () => {
    if (options.send !== undefined) socket.write(options.send);
  });
  return {
    socket,
    closed,
    isOpen: () => open,
    trickle(everyMs, byte = 'a') {
      timer = setInterval(() => {
        if (open && socket.writable) socket.write(byte);
      }, everyMs);
    },
    destroy() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** The head of a POST that announces `length` body bytes. */
export const postHead = (path: string, length: number, contentType = 'application/json') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;

/** Resolves with whether `promise` settled within `ms`. */
export const settlesWithin = (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

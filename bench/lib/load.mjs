// A small keep-alive HTTP load loop. autocannon parses every body in JS and topped out near 30 MiB/s on
// 1 MiB bodies here (curl reads nginx at ~1 GB/s), so for large bodies we only count the bytes.
import http from 'node:http';

const MIB = 1024 * 1024;

/** `connections` clients request `url` back to back for `seconds`; `rangeOf()` picks each Range header. */
export async function load({ url, connections, seconds, rangeOf }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let bytes = 0;
  let errors = 0;
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers: rangeOf ? { range: rangeOf() } : {} }, (res) => {
        if (res.statusCode >= 300) errors += 1;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(latencies.push(performance.now() - started)));
        res.on('error', () => resolve((errors += 1)));
      });
      req.on('error', () => resolve((errors += 1)));
    });
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return {
    reqPerSec: latencies.length / elapsed,
    mibPerSec: bytes / MIB / elapsed,
    p50ms: pct(0.5),
    p99ms: pct(0.99),
    errors,
  };
}

/** A random 1 MiB-aligned, 1 MiB Range within a file of `size` bytes. */
export const randomMiB = (size) => () => {
  const start = Math.floor(Math.random() * Math.max(1, Math.floor(size / MIB) - 1)) * MIB;
  return `bytes=${start}-${start + MIB - 1}`;
};

export const fmt = (n, digits = 1) => n.toFixed(digits);

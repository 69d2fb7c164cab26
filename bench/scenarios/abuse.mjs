// The event stream and connections under attack (issue 20), loopback only and bounded in time. A probe
// from 127.0.0.1 asks /api/health and a lecture's questions (as its instructor) every PROBE_MS, first
// with no attack, then while an attacker from 127.0.0.2 (another address on the loopback) at once:
// - floods its own live room with signals (two accounts, each at the signal rate limit, ~16 KB each);
// - replays the events stream from Last-Event-ID 1 on ten anonymous connections, again and again;
// - holds 400 idle keep-alive connections (reopened as the server closes them) and 300 anonymous streams.
// Prints the probe's p50/p99 without and with the attack, its 5xx count, and the server's RSS growth.
// Knobs: BENCH_ABUSE_SECONDS (20 per phase). Set DATABASE_URL to run Lectern on PostgreSQL.
import http from 'node:http';
import net from 'node:net';
import { api, instructorWithLecture, youtubeVideo } from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { rssMb, startLectern } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const SECONDS = Number(process.env.BENCH_ABUSE_SECONDS ?? 20);
const PROBE_MS = 100;
const ATTACKER = '127.0.0.2';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** Asks health and the lecture's questions in turn until `stop()`; returns latencies and statuses. */
function probe(base, instructor) {
  const times = [];
  const statuses = new Map();
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const url = i % 2 ? `/api/questions/lecture-questions/${instructor.lectureId}` : '/api/health';
      try {
        const res = await fetch(`${base}${url}`, {
          headers: { authorization: `Bearer ${instructor.token}` },
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      } catch {
        statuses.set('error', (statuses.get('error') ?? 0) + 1);
      }
      times.push(performance.now() - started);
      await sleep(PROBE_MS);
    }
  })();
  return async () => {
    running = false;
    await done;
    times.sort((a, b) => a - b);
    const fivexx = [...statuses].filter(([s]) => s === 'error' || s >= 500).reduce((n, [, c]) => n + c, 0);
    return { p50: pct(times, 0.5), p99: pct(times, 0.99), fivexx, statuses: Object.fromEntries(statuses) };
  };
}

/** A GET from the attacker's address, read and dropped after `holdMs` (or held until the server ends it). */
function attackerGet(base, path, headers, holdMs) {
  return new Promise((resolve) => {
    const req = http.get(`${base}${path}`, { headers, localAddress: ATTACKER, agent: false }, (res) => {
      res.resume();
      if (holdMs !== undefined) setTimeout(() => req.destroy(), holdMs);
      res.on('close', () => resolve(res.statusCode));
      res.on('error', () => undefined);
    });
    req.on('error', () => resolve('error'));
  });
}

/** A live room of two attacker accounts (instructor and student of the attacker's own course). */
async function attackerRoom(base) {
  const owner = await instructorWithLecture(base);
  const video = await youtubeVideo(base, owner, 'Attack video');
  const student = await api(base, '/api/signup/', {
    body: { name: 'Attacker', email: `attacker-${Date.now()}@bench.lectern`, password: 'bench password 1' },
  });
  await api(base, '/api/courses/join', { token: student.token, body: { courseId: owner.courseId } });
  const question = await api(base, '/api/questions', {
    token: student.token,
    body: {
      question: 'A live question to open a room',
      videoId: video.id,
      time: 1,
      live: true,
      lectureId: owner.lectureId,
    },
  });
  await api(base, `/api/bbb/startMeeting?questionText=x&questionID=${question.id}`, {
    method: 'GET',
    token: student.token,
  });
  const join = (token) => api(base, `/api/rooms/${question.id}/join`, { token, body: {} });
  const a = await join(owner.token);
  const b = await join(student.token);
  return {
    videoId: video.id,
    questionId: question.id,
    peers: [
      { token: owner.token, self: a.self, to: b.self },
      { token: student.token, self: b.self, to: a.self },
    ],
  };
}

export async function run() {
  const lectern = await startLectern();
  const base = lectern.url;
  const stops = [];
  try {
    const instructor = await instructorWithLecture(base);
    console.log(`abuse: ${SECONDS} s per phase, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);

    const rssStarted = rssMb(lectern.pid);
    const quiet = await (async () => {
      const stop = probe(base, instructor);
      await sleep(SECONDS * 1000);
      return stop();
    })();
    // The growth is measured from the end of the quiet phase: by then the server has served the probe
    // for a while, so its heap and compiled code are what any working server has (a server just started
    // grows about 50 MB in its first 20 s of ordinary requests, attack or not).
    const rssBefore = rssMb(lectern.pid);

    // Made now, and kept alive by heartbeats: a peer unheard for 30 s leaves the room.
    const room = await attackerRoom(base);
    let attacking = true;
    const heartbeats = setInterval(() => {
      for (const peer of room.peers)
        void api(base, `/api/rooms/${room.questionId}/heartbeat`, {
          token: peer.token,
          body: { peerId: peer.self.peerId },
        }).catch(() => undefined);
    }, 5000);
    const counts = { signals: new Map(), replays: new Map(), streams: new Map(), idle: 0 };
    const tally = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
    // The signal flood: ~16 KB of SDP-like text, as fast as each account may.
    const sdp = JSON.stringify({
      type: 'offer',
      sdp: 'a=candidate:1 1 udp 2122260223 10.0.0.1 5000 typ host\r\n'.repeat(220),
    });
    for (const peer of room.peers)
      stops.push(
        (async () => {
          while (attacking) {
            const res = await fetch(`${base}/api/rooms/${room.questionId}/signal`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${peer.token}` },
              body: JSON.stringify({
                from: peer.self.peerId,
                to: peer.to.peerId,
                kind: 'offer',
                data: sdp.slice(0, 16_000),
              }),
            }).catch(() => null);
            tally(counts.signals, res?.status ?? 'error');
            await res?.arrayBuffer();
            if (res?.status === 429) await sleep(1000);
          }
        })(),
      );
    // Ten anonymous replays from the start, again and again.
    for (let i = 0; i < 10; i++)
      stops.push(
        (async () => {
          while (attacking) {
            tally(
              counts.replays,
              await attackerGet(base, `/api/events?videoId=${room.videoId}`, { 'last-event-id': '1' }, 1000),
            );
          }
        })(),
      );
    // 300 anonymous streams, held.
    const held = [];
    for (let i = 0; i < 300; i++)
      held.push(
        attackerGet(base, `/api/events?videoId=${room.videoId}`, {}).then((s) => tally(counts.streams, s)),
      );
    // 400 idle connections: each asks once, then idles until the server closes it (not reopened: that
    // would be a flood of requests, which the rate limits answer, rather than held descriptors).
    const idle = [];
    const idleStarted = performance.now();
    let lastIdleClosed = NaN;
    for (let i = 0; i < 400; i++) {
      const { port } = new URL(base);
      const socket = net.connect({ host: '127.0.0.1', port: Number(port), localAddress: ATTACKER });
      idle.push(socket);
      socket.on('error', () => undefined);
      socket.on('data', () => undefined);
      socket.once('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: lectern\r\n\r\n'));
      socket.once('close', () => {
        counts.idle += 1;
        lastIdleClosed = performance.now() - idleStarted;
      });
    }

    const stop = probe(base, instructor);
    await sleep(SECONDS * 1000);
    const attacked = await stop();
    const rssAfter = rssMb(lectern.pid);
    attacking = false;
    clearInterval(heartbeats);
    idle.forEach((s) => s.destroy());
    await Promise.race([Promise.all(stops), sleep(5000)]);

    console.log(
      `  RSS: ${fmt(rssStarted, 0)} MB started, ${fmt(rssBefore, 0)} MB after the quiet phase, ${fmt(rssAfter, 0)} MB under attack`,
    );
    console.log(
      `  probe without attack: p50 ${fmt(quiet.p50)} ms, p99 ${fmt(quiet.p99)} ms ${JSON.stringify(quiet.statuses)}`,
    );
    console.log(
      `  probe under attack:   p50 ${fmt(attacked.p50)} ms, p99 ${fmt(attacked.p99)} ms ${JSON.stringify(attacked.statuses)}`,
    );
    console.log(
      `  attacker: signals ${JSON.stringify(Object.fromEntries(counts.signals))}, replays ${JSON.stringify(Object.fromEntries(counts.replays))}, streams ${JSON.stringify(Object.fromEntries(counts.streams))}, idle connections closed ${counts.idle} of 400, the last after ${fmt(lastIdleClosed / 1000)} s`,
    );
    tableRow({
      what: 'abuse: probe p99 under attack',
      ours: `${fmt(attacked.p99)} ms`,
      reference: `${fmt(quiet.p99)} ms without`,
      ratio: attacked.p99 / quiet.p99,
      aim: '≤ 2×',
    });
    tableRow({ what: 'abuse: probe 5xx under attack', ours: String(attacked.fivexx), aim: '0' });
    tableRow({
      what: 'abuse: RSS growth under attack',
      ours: `${fmt(rssAfter - rssBefore, 0)} MB`,
      aim: '< 100 MB',
    });
  } finally {
    await lectern.stop();
  }
}

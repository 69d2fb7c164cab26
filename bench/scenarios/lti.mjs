// LTI 1.3 (issue 23) against the reference platform of the tests (server/test/lti-platform.ts, loaded with
// tsx), on PGlite and on PostgreSQL:
// - launches a second, with the platform's keys cached: each launch is what a browser in the LMS frame
//   does, the login initiation (GET /lti/login), the platform's signed id_token posted to /lti/launch, and
//   the web app's trade of the one-time code for a session (POST /api/lti/handover), by people who launched
//   before (their accounts and the course exist); next to password logins a second (POST /api/login), at
//   c=1 (what one costs) and c=8. The platform's own work (signing the id_token) runs in this process, not
//   Lectern's, and is left out of the per-launch time, not of the launches a second.
// - a roster sync of 2,000 members (NRPS, pages of 100): queued by the instructor's first launch and run by
//   the job queue, timed from the launch until the course's roster shows it done; then again on demand
//   over the same members (every one already there).
// Registration is `npm run lti -- add-platform`, as an operator does it. Knobs: BENCH_SECONDS (one
// measured run, 5), BENCH_LTI_DATABASES (pglite,postgres), BENCH_LTI_ROSTER (2000), BENCH_LTI_ONLY=roster
// (the roster syncs alone, no launches or logins before them).
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { api, signupMany } from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { POSTGRES_ADMIN_URL, freshDatabase } from '../lib/postgres.mjs';
import { ROOT, freePort, startLectern, tempDir } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DATABASES = (process.env.BENCH_LTI_DATABASES ?? 'pglite,postgres').split(',');
const ROSTER = Number(process.env.BENCH_LTI_ROSTER ?? 2000);
const ONLY_ROSTER = process.env.BENCH_LTI_ONLY === 'roster';
const CONNECTIONS = 8;
/** People who launch (and password users who log in), taken in turn. */
const PEOPLE = 32;
const PASSWORD = 'bench password 1';

const { startReferencePlatform, ROLE } = await tsImport(
  path.join(ROOT, 'server/test/lti-platform.ts'),
  import.meta.url,
);

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/**
 * One HTTP request to Lectern; resolves { status, headers, body, ms }. Each comes from its own address
 * (X-Forwarded-For, heeded with TRUST_PROXY): the per-address limits of launches and logins are for a
 * campus, not for this bench.
 */
let requests = 0;
function request(base, method, urlPath, { headers = {}, body } = {}) {
  const n = requests++;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      `${base}${urlPath}`,
      { method, agent, headers: { 'x-forwarded-for': address, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: text,
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.body.slice(0, 300)}`);
}

/** One launch as the browser makes it; resolves Lectern's time for it (the platform's left out) and the answer. */
async function launch(base, platform, person) {
  const initiation = await request(
    base,
    'GET',
    `/lti/login?${new URLSearchParams(platform.initiation(person))}`,
  );
  expectStatus(initiation, 302, 'login initiation');
  const cookie = String(initiation.headers['set-cookie']).split(';')[0];
  const form = await platform.authorize(String(initiation.headers.location), person);
  const posted = await request(base, 'POST', '/lti/launch', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(form).toString(),
  });
  expectStatus(posted, 303, 'launch');
  const code = /#code=([\w-]+)/.exec(String(posted.headers.location))?.[1];
  const handover = await request(base, 'POST', '/api/lti/handover', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expectStatus(handover, 200, 'handover');
  return { ms: initiation.ms + posted.ms + handover.ms, answer: JSON.parse(handover.body) };
}

async function login(base, email) {
  const res = await request(base, 'POST', '/api/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expectStatus(res, 200, 'login');
  return { ms: res.ms };
}

/** `connections` loops of `once(i)` for `seconds`: how many a second, and the mean of Lectern's time each. */
async function rate(connections, seconds, once) {
  let done = 0;
  let totalMs = 0;
  let turn = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        totalMs += (await once(turn++)).ms;
        done += 1;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), meanMs: totalMs / done };
}

/** `npm run lti -- add-platform` for the reference platform, on the server's database. */
function registerPlatform(platform, env) {
  const args = [
    'run',
    'lti',
    '--',
    'add-platform',
    '--name',
    'Reference LMS',
    '--issuer',
    platform.issuer,
    '--client-id',
    platform.clientId,
    '--deployment',
    platform.deploymentId,
    '--login-url',
    platform.authLoginUrl,
    '--token-url',
    platform.accessTokenUrl,
    '--jwks-url',
    platform.jwksUrl,
    '--trust-email',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`add-platform exited with ${code}`)),
    );
  });
}

/**
 * Polls the course's roster until a sync newer than `after` is recorded; resolves it, and the longest a poll
 * waited for its answer (on PGlite a transaction of the sync holds the one connection: how long the API
 * stands still). A poll dropped by the server's timeouts is asked again.
 */
async function syncDone(base, token, courseId, after) {
  let longestPollMs = 0;
  for (;;) {
    const res = await request(base, 'GET', `/api/courses/${courseId}/lti-roster`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => null);
    if (res) expectStatus(res, 200, 'roster');
    if (res) longestPollMs = Math.max(longestPollMs, res.ms);
    const link = res && JSON.parse(res.body).links[0];
    if (link?.lastSyncAt && link.lastSyncAt > after) return { ...link, longestPollMs };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The roster syncs of ROSTER members; the instructor's first launch queues the first. */
async function rosterSyncs(base, platform, label) {
  const context = 'roster';
  const members = Array.from({ length: ROSTER }, (_, i) => ({
    user_id: `member-${i}`,
    roles: [ROLE.learner],
    name: `Member ${i}`,
    email: `member-${i}@lms.bench`,
    status: 'Active',
  }));
  platform.setRoster(context, members);
  platform.setRosterPageSize(100);
  const instructor = {
    sub: 'roster-instructor',
    name: 'Roster Instructor',
    roles: [ROLE.instructor],
    context: { id: context, title: 'Roster course' },
  };
  platform.enrol(instructor);
  const started = performance.now();
  const { answer } = await launch(base, platform, instructor);
  const courseId = /\/courses\/([\w-]+)/.exec(answer.target)[1];
  const first = await syncDone(base, answer.token, courseId, '');
  const firstSeconds = (performance.now() - started) / 1000;
  const againAt = performance.now();
  await api(base, `/api/courses/${courseId}/lti-roster-sync`, { token: answer.token, body: {} });
  const again = await syncDone(base, answer.token, courseId, first.lastSyncAt);
  const againSeconds = (performance.now() - againAt) / 1000;
  console.log(
    `    roster of ${ROSTER.toLocaleString('en')}: first sync ${fmt(firstSeconds, 2)} s from the launch (${first.lastSyncMembers} members${first.lastSyncError ? `, error ${first.lastSyncError}` : ''}), ` +
      `again on demand ${fmt(againSeconds, 2)} s (${again.lastSyncMembers} members); ` +
      `the longest wait of a request meanwhile ${fmt(first.longestPollMs)} ms / ${fmt(again.longestPollMs)} ms`,
  );
  tableRow({
    what: `LTI roster sync of ${ROSTER.toLocaleString('en')} members, first / again (${label})`,
    ours: `${fmt(firstSeconds, 2)} s / ${fmt(againSeconds, 2)} s`,
    aim: '< 10 s',
  });
}

/** Launches and password logins a second, at c=1 and c=CONNECTIONS. */
async function launchesAndLogins(base, platform, label) {
  const instructor = {
    sub: 'instructor',
    name: 'Bench Instructor',
    roles: [ROLE.instructor],
    context: { id: 'launches', title: 'Launch course' },
  };
  const learners = Array.from({ length: PEOPLE }, (_, i) => ({
    sub: `learner-${i}`,
    name: `Learner ${i}`,
    email: `learner-${i}@lms.bench`,
    roles: [ROLE.learner],
    context: instructor.context,
  }));
  for (const person of [instructor, ...learners]) {
    platform.enrol(person);
    await launch(base, platform, person); // the course, the accounts, the platform's keys fetched
  }
  const users = await signupMany(base, PEOPLE, 'Bench login');
  const emails = users.map((u) => u.user.email);
  const figures = {};
  for (const connections of [1, CONNECTIONS]) {
    await rate(connections, 1, (i) => launch(base, platform, learners[i % PEOPLE])); // warm-up
    const launches = await rate(connections, SECONDS, (i) => launch(base, platform, learners[i % PEOPLE]));
    await rate(connections, 1, (i) => login(base, emails[i % PEOPLE]));
    const logins = await rate(connections, SECONDS, (i) => login(base, emails[i % PEOPLE]));
    figures[connections] = { launches, logins };
    console.log(
      `    c=${connections}: ${fmt(launches.perSecond)} launches/s (Lectern ${fmt(launches.meanMs)} ms each), ` +
        `${fmt(logins.perSecond)} password logins/s (${fmt(logins.meanMs)} ms each)`,
    );
  }
  const one = figures[1];
  tableRow({
    what: `LTI launch, cached keys, Lectern's time (${label}; c=1)`,
    ours: `${fmt(one.launches.meanMs)} ms`,
    reference: `password login ${fmt(one.logins.meanMs)} ms`,
    ratio: one.launches.meanMs / one.logins.meanMs,
    aim: '< 2×',
  });
  const many = figures[CONNECTIONS];
  tableRow({
    what: `LTI launches a second at c=${CONNECTIONS} (${label})`,
    ours: `${fmt(many.launches.perSecond)}/s`,
    reference: `password logins ${fmt(many.logins.perSecond)}/s`,
    ratio: many.logins.perSecond / many.launches.perSecond,
    aim: 'cost < 2× a login',
  });
}

async function served(kind, port) {
  const env = { PORT: String(port), TRUST_PROXY: '127.0.0.1' };
  if (kind === 'postgres') {
    const database = await freshDatabase(POSTGRES_ADMIN_URL, 'lti');
    return { env: { ...env, DATABASE_URL: database.url }, drop: database.drop };
  }
  return { env: { ...env, DATA_DIR: tempDir('lti') }, drop: async () => {} };
}

export async function run() {
  for (const kind of DATABASES) {
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const port = await freePort();
    const platform = await startReferencePlatform(`http://127.0.0.1:${port}/lti/launch`);
    const { env, drop } = await served(kind, port);
    let server;
    try {
      await registerPlatform(platform, env); // migrates a fresh database, as a first start would
      server = await startLectern(env);
      const base = server.url;
      console.log(`  ${label}`);
      if (!ONLY_ROSTER) await launchesAndLogins(base, platform, label);
      await rosterSyncs(base, platform, label);
    } finally {
      await server?.stop();
      await platform.close();
      await drop();
    }
  }
  agent.destroy();
}

// `npm run demo`: Lectern on its own data folder (./data-demo), filled on the first run with a sample
// course through the app's own API, then the logins printed. A later run starts the same demo again
// (whatever was changed in it stays); `npm run demo -- --reset` throws it away and seeds afresh.
// The demo never touches the configured DATABASE_URL, DATA_DIR or SMTP server: its own embedded
// database, and mail goes to data-demo/outbox.
import fs from 'node:fs';
import path from 'node:path';
import { register, tsImport } from 'tsx/esm/api';
import { browserReady } from '../test-media/make.mjs';
import { canDrawSlides, slideVideo } from './demo/slide-video.mjs';
import { loadDotEnv, root } from './lib/project-env.mjs';

// DEMO_DIR: tests only, so that a test's demo never touches a developer's data-demo/.
const demoDir = process.env.DEMO_DIR
  ? path.resolve(root, process.env.DEMO_DIR)
  : path.join(root, 'data-demo');
const databaseDir = path.join(demoDir, 'db');
const seededMark = path.join(demoDir, 'seeded.json');

loadDotEnv();
const port = Number(process.env.PORT || 3000);
Object.assign(process.env, {
  DATA_DIR: demoDir,
  DATABASE_URL: '',
  SMTP_URL: '',
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
});

// The embedded database's own lock (the server in this process takes it over), taken before anything in
// the folder is touched: a `--reset` beside a running demo once deleted the folder under it, and the
// next start found a database two servers had written (issue 26).
const { DataDirLockedError, lockDataDir } = await tsImport(
  '../server/src/db/data-dir-lock.ts',
  import.meta.url,
);
try {
  lockDataDir(databaseDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(
    `The demo is already running${error.holder ? ` (pid ${error.holder})` : ''} on ${demoDir}: stop it first (Ctrl+C in its terminal), then run this again.`,
  );
  process.exit(1);
}

/** Deletes everything in the demo folder but the lock we hold. */
function emptyDemoDir() {
  for (const name of fs.readdirSync(demoDir).filter((n) => n !== 'db'))
    fs.rmSync(path.join(demoDir, name), { recursive: true, force: true });
  for (const name of fs.readdirSync(databaseDir).filter((n) => n !== 'lectern.lock'))
    fs.rmSync(path.join(databaseDir, name), { recursive: true, force: true });
}

// A half-seeded folder (an interrupted first run) is started over, as is one the user asks to reset.
const fresh = process.argv.includes('--reset') || !fs.existsSync(seededMark);
if (fresh) emptyDemoDir();

/**
 * The lectures' videos: their slides, narrated (scripts/demo/demo-lectures.ts); test patterns with a
 * tone where the slides' font is missing. Made with the bundled ffmpeg, about a minute.
 */
async function makeVideos(dir) {
  fs.mkdirSync(dir, { recursive: true });
  if (canDrawSlides()) {
    const { DEMO_ANSWER_SLIDE, DEMO_LECTURE_SLIDES, SLIDE_SECONDS } = await tsImport(
      './demo/demo-lectures.ts',
      import.meta.url,
    );
    return {
      lectures: DEMO_LECTURE_SLIDES.map((slides, i) =>
        slideVideo(path.join(dir, `lecture-${i + 1}.mp4`), slides, SLIDE_SECONDS),
      ),
      answer: slideVideo(path.join(dir, 'answer.mp4'), [DEMO_ANSWER_SLIDE], 6),
    };
  }
  const make = (name, picture, seconds, tone) => {
    const out = path.join(dir, name);
    browserReady(out, `${picture}=size=640x360:rate=15`, seconds, tone, 30, '64k');
    return out;
  };
  return {
    lectures: [
      make('lecture-1.mp4', 'testsrc2', 40, 440),
      make('lecture-2.mp4', 'smptehdbars', 40, 523),
      make('lecture-3.mp4', 'rgbtestsrc', 40, 659),
      make('lecture-4.mp4', 'testsrc', 40, 784),
    ],
    answer: make('answer.mp4', 'smptebars', 6, 330),
  };
}

/** The demo's mail is .eml files in its outbox, written 8bit: a link is whole in the raw text. */
async function readOutbox(email, pattern) {
  const outbox = path.join(demoDir, 'outbox');
  for (let i = 0; i < 300; i++) {
    const texts = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
      : [];
    const found = texts.filter((text) => text.includes(`To: ${email}`) && pattern.test(text)).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${email} in the demo's outbox`);
}

async function untilHealthy(baseUrl) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Lectern did not start within a minute');
}

if (fresh) console.log('Making the demo videos…');
const videos = fresh ? await makeVideos(path.join(demoDir, 'generated')) : undefined;
await import('./start.mjs'); // builds the web app when needed and starts the server in this process
const baseUrl = `http://127.0.0.1:${port}`;
await untilHealthy(baseUrl);

// The seeding script stays TypeScript (it shares the wire types); tsx loads it, not the server.
register();
const { DEMO_LOGINS, DEMO_PASSWORD, seedDemoCourse } = await import('./demo/demo-course.ts');
if (videos) {
  console.log('Seeding the demo course…');
  try {
    const seed = await seedDemoCourse(baseUrl, videos, readOutbox);
    fs.writeFileSync(seededMark, JSON.stringify({ seededAt: new Date().toISOString(), ...seed }, null, 2));
  } catch (error) {
    // No mark is written: the next run starts the folder over.
    console.error('Seeding the demo failed:', error);
    process.exit(1);
  }
}

const { seededAt } = JSON.parse(fs.readFileSync(seededMark, 'utf8'));
console.log(`
Lectern demo on http://localhost:${port} (data in data-demo/, seeded ${new Date(seededAt).toLocaleString()})
Log in with any of these; the password is "${DEMO_PASSWORD}" for all:
${Object.values(DEMO_LOGINS)
  .map((l) => `  ${l.role.padEnd(14)} ${l.name.padEnd(17)} ${l.email}`)
  .join('\n')}
Lecture 3 is in class for two hours after seeding: its live question waits there until then.
Start over with \`npm run demo -- --reset\`. Stop with Ctrl+C.
`);

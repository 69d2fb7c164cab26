import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../../../test/calls';
import { worldFixture } from '../../../../test/fixture';
import { automatic } from '../test/auto-captions-calls';

// A configured engine that cannot run never stops the app (issue 25, "Bad input and faults"): the start
// logs one warning with the reason, the app serves, and the captions page says what to do about it.

const missingModel = path.join(os.tmpdir(), `lectern-no-such-model-${process.pid}`, 'ggml-base.en.bin');
const REASON = `The whisper model ${missingModel} (TRANSCRIBE_MODEL) cannot be read`;

/** The app's log lines as pino writes them (one JSON object each). */
const lines: { level: number; msg: string }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

describe('automatic captions whose whisper model is missing', () => {
  const { t, w } = worldFixture({
    app: {
      env: { AUTO_CAPTIONS: 'whisper', TRANSCRIBE_MODEL: missingModel, LOG_LEVEL: 'warn' },
      logStream,
    },
  });

  it('starts all the same, with one warning saying why', async () => {
    expectStatus(await t.app.inject({ method: 'GET', url: '/api/health' }), 200);
    const warnings = lines.filter((l) => l.msg.startsWith('Automatic captions cannot run: '));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40); // pino's warn
    expect(warnings[0]!.msg).toContain(REASON);
  });

  it('tells the captions page the reason and how to turn them on', async () => {
    const status = await automatic(t, w.users.adminA, 'video', w.VA1.id);
    expect(status).toMatchObject({ state: 'none', enabled: true, engine: 'whisper.cpp' });
    expect(status.reason).toContain(REASON);
    expect(status.reason).toMatch(/download a ggml model .*docs\/deploy\.md/);
  });
});

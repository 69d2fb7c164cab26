import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { findPocketsphinx } from '../pocketsphinx';
import { adaptationMissing, trainableModel } from './sphinxtrain';

// The mixture weights rebuilt from Debian's sendump (mixture-weights.ts) are what SphinxTrain adapts; turned
// back into a sendump by SphinxTrain's own mk_s2sendump they must give the shipped one again, or every
// adapted model would start from a different voice model than the one PocketSphinx uses.
const setup = findPocketsphinx();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-mixw-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it.skipIf(typeof setup === 'string' || adaptationMissing())(
  'rebuilds the mixture weights that give the shipped sendump back',
  async () => {
    if (typeof setup === 'string') return;
    const base = await trainableModel(setup, dir);
    const again = path.join(dir, 'sendump');
    execFileSync(
      '/usr/lib/sphinxtrain/mk_s2sendump',
      [
        ...['-pocketsphinx', 'yes', '-moddeffn', path.join(base, 'mdef.txt')],
        ...['-mixwfn', path.join(base, 'mixture_weights'), '-sendumpfn', again],
      ],
      { stdio: 'ignore' },
    );
    const shipped = fs.readFileSync(path.join(setup.hmm, 'sendump'));
    const rebuilt = fs.readFileSync(again);
    expect(rebuilt.length).toBe(shipped.length);
    // mk_s2sendump floors weights under about 1e-5 (byte 113); above that, rounding moves a byte by one at most.
    let far = 0;
    for (let i = 0; i < shipped.length; i++) {
      if (shipped[i]! < 113 && Math.abs(shipped[i]! - rebuilt[i]!) > 1) far++;
    }
    expect(far).toBe(0);
  },
);

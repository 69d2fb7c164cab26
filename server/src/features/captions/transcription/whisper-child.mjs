// whisper.cpp in its own process (issue 25), started by whisper.ts: `node whisper-child.mjs MODEL WAV`.
// A process, not the API's own threads, so that it runs niced, is killed outright on a hang or a cancel,
// and a crash in native code or a failure the binding never reports (its promise then never settles:
// docs/decisions.md, "whisper.cpp through @fugood/node-whisper") cannot take the API down with it.
// It writes one JSON object a line on stdout: {segment: {text, t0, t1}} (times in ms) as each is heard, then
// {done}.
import { createRequire } from 'node:module';
import os from 'node:os';

const [model, wav] = process.argv.slice(2);
const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function main() {
  // A native addon: loaded the CommonJS way.
  const binding = createRequire(import.meta.url)(`@fugood/node-whisper-${process.platform}-${process.arch}`);
  binding.WhisperContext.toggleNativeLog(false);
  const context = new binding.WhisperContext({ filePath: model, useGpu: false });
  const { promise } = context.transcribeFile(wav, {
    language: 'en',
    // Every core: the process runs niced, so the API's requests still come first.
    maxThreads: os.availableParallelism(),
    onNewSegments: ({ segments }) => {
      for (const { text, t0, t1 } of segments) say({ segment: { text, t0, t1 } });
    },
  });
  await promise;
  say({ done: true });
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

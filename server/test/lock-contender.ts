import { lockDataDir } from '../src/db/data-dir-lock';

// One process contending for a data-dir lock (data-dir-lock.test.ts): says "ready", waits for "go" on
// stdin so every contender tries at once, then prints "locked" and holds the lock until stdin closes,
// or prints "refused".
const dir = process.argv[2]!;
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  try {
    const lock = lockDataDir(dir);
    process.stdout.write('locked\n');
    process.stdin.once('end', () => lock.release());
    process.stdin.resume();
  } catch {
    process.stdout.write('refused\n');
    process.exit(0);
  }
});

import fs from 'node:fs';

// What the npm scripts leave running, read from /proc (Linux): the script tests check that stopping a
// script stops everything it started, and that a start leaves nothing beside its server.

/** Every process below pid. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const below = (p: number): number[] => (parents.get(p) ?? []).flatMap((c) => [c, ...below(c)]);
  return below(pid);
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

import { useEffect, useState } from 'react';

/** "Now" in ms, refreshed every intervalMs (the live window is re-checked every 60 s, SPEC §4). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

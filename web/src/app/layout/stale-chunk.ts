// After a redeploy (or offline) a page whose code is not loaded yet cannot be fetched: Chromium says
// "Failed to fetch dynamically imported module", Firefox "error loading dynamically imported module",
// Safari "Importing a module script failed", and Vite's preload of the page's CSS "Unable to preload CSS"
// (its vite:preloadError event, left alone, rejects the import with that error). The page reloads once by
// itself; the flag in sessionStorage stops a second failure from looping, and a page that loads clears it.
// Kept small: it is part of every first load (the watch page's budget, scripts/first-load-budget.test.ts).
const FAILED_CHUNK = /dynamically imported module|module script failed|preload CSS/;
const RELOADED = 'lectern.chunkReload';

export const isStaleChunk = (error: unknown): boolean => FAILED_CHUNK.test(String(error));

let reloading = false;

/**
 * Reloads the page unless it already did so for a failed chunk; false when that reload was spent. True
 * again for an error page mounted again before the reload has left the page.
 */
export function reloadOnce(): boolean {
  if (reloading) return true;
  try {
    if (sessionStorage.getItem(RELOADED)) return false;
    sessionStorage.setItem(RELOADED, '1');
  } catch {
    return false; // storage refused (cookies blocked): without the guard, only the button
  }
  reloading = true;
  location.reload();
  return true;
}

export function chunkLoaded(): void {
  try {
    sessionStorage.removeItem(RELOADED);
  } catch {
    // storage refused: there is no flag to clear
  }
}

// A timer that keeps ticking while the tab is hidden: browsers pause requestAnimationFrame and slow
// page timers in background tabs, but not a dedicated worker's. Message: the interval in ms, 0 stops.

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<number>) => void) | null;
  postMessage(message: null): void;
};
let timer: ReturnType<typeof setInterval> | undefined;

scope.onmessage = (event) => {
  clearInterval(timer);
  if (event.data > 0) timer = setInterval(() => scope.postMessage(null), event.data);
};

/**
 * Calls `draw` once per frame: on requestAnimationFrame while the page is visible, and on a worker's timer
 * while it is hidden. An instructor sharing the screen usually switches to the slides, which hides this
 * tab and would otherwise freeze the recorded picture. Returns the function that stops the clock.
 */
export function startFrameClock(draw: () => void, fps: number): () => void {
  let frame = 0;
  let worker: Worker | null = null;
  let stopped = false;

  const onFrame = () => {
    if (stopped || document.hidden) return;
    draw();
    frame = requestAnimationFrame(onFrame);
  };
  const follow = () => {
    cancelAnimationFrame(frame);
    if (document.hidden) {
      worker ??= new Worker(new URL('./frame-tick.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = () => draw();
      worker.postMessage(Math.round(1000 / fps));
    } else {
      worker?.postMessage(0);
      frame = requestAnimationFrame(onFrame);
    }
  };

  document.addEventListener('visibilitychange', follow);
  follow();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', follow);
    cancelAnimationFrame(frame);
    worker?.terminate();
  };
}

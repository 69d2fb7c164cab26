import { startFrameClock } from '../../lib/media/frame-clock';
import { playTrack } from '../../lib/media/play-track';
import { type Size, cornerRect, fitWithin } from '../../lib/media/layout';

const FPS = 30;

const sizeOf = (video: HTMLVideoElement, track: MediaStreamTrack): Size => {
  const settings = track.getSettings();
  return {
    width: video.videoWidth || settings.width || 1280,
    height: video.videoHeight || settings.height || 720,
  };
};

/**
 * The screen with the camera in its bottom-right corner, drawn on a canvas each frame and captured as one
 * video track (what MediaRecorder records and the preview shows). The canvas follows the screen's size,
 * so a resized shared window stays undistorted. `stop` ends the drawing and the canvas track.
 */
export function compositeScreenAndCamera(
  screen: MediaStreamTrack,
  camera: MediaStreamTrack,
): { track: MediaStreamTrack; stop(): void } {
  const screenVideo = playTrack(screen);
  const cameraVideo = playTrack(camera);
  const canvas = document.createElement('canvas');
  Object.assign(canvas, fitWithin(sizeOf(screenVideo, screen)));
  const context = canvas.getContext('2d');
  if (!context) throw new TypeError('Canvas 2D is not available');

  const draw = () => {
    const size = fitWithin(sizeOf(screenVideo, screen));
    if (size.width !== canvas.width || size.height !== canvas.height) Object.assign(canvas, size);
    context.drawImage(screenVideo, 0, 0, canvas.width, canvas.height);
    if (cameraVideo.videoWidth > 0) {
      const corner = cornerRect(canvas, sizeOf(cameraVideo, camera));
      context.drawImage(cameraVideo, corner.x, corner.y, corner.width, corner.height);
    }
  };
  const stopClock = startFrameClock(draw, FPS);
  const [track] = canvas.captureStream(FPS).getVideoTracks();
  if (!track) throw new TypeError('Canvas capture is not available');

  return {
    track,
    stop() {
      stopClock();
      track.stop();
      for (const video of [screenVideo, cameraVideo]) video.srcObject = null;
    },
  };
}

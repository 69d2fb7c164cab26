/** A muted, detached video element playing one track: a source a canvas can draw each frame. */
export function playTrack(track: MediaStreamTrack): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([track]);
  void video.play();
  return video;
}

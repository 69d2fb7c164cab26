import { useEffect, useRef } from 'react';

/** The live picture being recorded (muted: the microphone must not echo from the speakers). */
export function LivePreview({ stream, countdown }: { stream: MediaStream | null; countdown: number | null }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <div className="recorder-stage">
      <video ref={video} muted autoPlay playsInline aria-label="Live preview" />
      {/* The status region announces the countdown; this is the same number, drawn large. */}
      {countdown !== null && (
        <span className="recorder-countdown" aria-hidden="true">
          {countdown}
        </span>
      )}
    </div>
  );
}

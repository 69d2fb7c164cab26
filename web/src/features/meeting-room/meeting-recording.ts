import { startFrameClock } from '../../lib/media/frame-clock';
import { playTrack } from '../../lib/media/play-track';
import { recordStream, supportedMimeType } from '../../lib/media/record-stream';
import { MEETING_CANVAS, meetingLayout } from './meeting-layout';

/** One person in the recording: their camera (if any) and voice. */
export interface RecordedPerson {
  key: string;
  name: string;
  stream: MediaStream;
}

const FPS = 25;
const NO_CAMERA = { width: 640, height: 480 };

interface Drawn {
  name: string;
  video: HTMLVideoElement | null;
  track: MediaStreamTrack | null;
}

/**
 * The instructor's browser records the meeting (DESIGN §11: no media server): every voice mixed into one
 * track with Web Audio, the cameras side by side on a canvas (a shared screen beside them), one
 * MediaRecorder. People and the screen come and go during the meeting; `update` follows them.
 */
export class MeetingRecording {
  private readonly audio = new AudioContext();
  private readonly mix = this.audio.createMediaStreamDestination();
  private readonly voices = new Map<MediaStreamTrack, MediaStreamAudioSourceNode>();
  private readonly people = new Map<string, Drawn>();
  private screen: { track: MediaStreamTrack; video: HTMLVideoElement } | null = null;
  private readonly canvas = document.createElement('canvas');
  private readonly stopClock: () => void;
  private readonly recorder: MediaRecorder;
  private readonly file: Promise<File>;

  /** Null when this browser cannot record video. */
  static start(): MeetingRecording | null {
    const mimeType = supportedMimeType();
    return mimeType ? new MeetingRecording(mimeType) : null;
  }

  private constructor(mimeType: string) {
    Object.assign(this.canvas, MEETING_CANVAS);
    const context = this.canvas.getContext('2d');
    if (!context) throw new TypeError('Canvas 2D is not available');
    this.stopClock = startFrameClock(() => this.draw(context), FPS);
    const [picture] = this.canvas.captureStream(FPS).getVideoTracks();
    const [voices] = this.mix.stream.getAudioTracks();
    const stream = new MediaStream([picture, voices].filter((t) => t !== undefined));
    let resolve: (file: File) => void = () => undefined;
    this.file = new Promise((r) => (resolve = r));
    this.recorder = recordStream(stream, mimeType, (file) => resolve(file));
  }

  /** Who is in the room now (the instructor first), and the shared screen if there is one. */
  update(people: RecordedPerson[], screen: MediaStreamTrack | null): void {
    const present = new Set(people.map((p) => p.key));
    for (const [key, drawn] of this.people) {
      if (!present.has(key)) this.forget(key, drawn);
    }
    for (const person of people) this.follow(person);
    const liveVoices = new Set(people.flatMap((p) => p.stream.getAudioTracks()));
    for (const [track, source] of this.voices) {
      if (!liveVoices.has(track) || track.readyState === 'ended') {
        source.disconnect();
        this.voices.delete(track);
      }
    }
    for (const track of liveVoices) {
      if (this.voices.has(track) || track.readyState === 'ended') continue;
      const source = this.audio.createMediaStreamSource(new MediaStream([track]));
      source.connect(this.mix);
      this.voices.set(track, source);
    }
    if (this.screen?.track !== screen) {
      if (this.screen) this.screen.video.srcObject = null;
      this.screen = screen ? { track: screen, video: playTrack(screen) } : null;
    }
  }

  /** Ends the recording: the whole meeting as one file. */
  async stop(): Promise<File> {
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    const file = await this.file;
    this.stopClock();
    this.update([], null);
    void this.audio.close();
    return file;
  }

  private follow(person: RecordedPerson): void {
    const track = person.stream.getVideoTracks().find((t) => t.readyState === 'live') ?? null;
    const drawn = this.people.get(person.key);
    if (drawn && drawn.track === track) {
      drawn.name = person.name;
      return;
    }
    if (drawn?.video) drawn.video.srcObject = null;
    this.people.set(person.key, { name: person.name, track, video: track ? playTrack(track) : null });
  }

  private forget(key: string, drawn: Drawn): void {
    if (drawn.video) drawn.video.srcObject = null;
    this.people.delete(key);
  }

  private draw(context: CanvasRenderingContext2D): void {
    const people = [...this.people.values()];
    const sizeOf = (video: HTMLVideoElement | null) =>
      video && video.videoWidth > 0 ? { width: video.videoWidth, height: video.videoHeight } : NO_CAMERA;
    const screen = this.screen && this.screen.video.videoWidth > 0 ? this.screen.video : null;
    const layout = meetingLayout(
      MEETING_CANVAS,
      people.map((p) => sizeOf(p.video)),
      screen && sizeOf(screen),
    );
    context.fillStyle = '#111';
    context.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (screen && layout.screen) {
      const r = layout.screen;
      context.drawImage(screen, r.x, r.y, r.width, r.height);
    }
    context.font = '20px sans-serif';
    people.forEach((person, i) => {
      const r = layout.cameras[i];
      if (!r) return;
      if (person.video && person.video.videoWidth > 0)
        context.drawImage(person.video, r.x, r.y, r.width, r.height);
      context.fillStyle = '#fff';
      context.fillText(person.name, r.x + 12, r.y + r.height - 12, r.width - 24);
    });
  }
}

import {
  type IceServer,
  type MediaState,
  ROOM_HEARTBEAT_MS,
  type RoomPeer,
  type SignalKind,
  type StreamEvent,
} from '@lectern/shared';
import { ApiError } from '../../lib/api-client';
import { endRoom, heartbeat, joinRoom, leaveRoom, sendSignal } from './api/rooms-api';
import { type DeviceChoice, openLocalMedia, openScreen } from './local-media';
import { MeetingRecording } from './meeting-recording';
import { PeerLink } from './peer-link';

export type RoomPhase = 'idle' | 'joining' | 'inRoom' | 'reconnecting' | 'ending' | 'ended' | 'failed';

/** What the uploader says about the recording (the respond page's upload, reused). */
export type UploadRecording = (file: File) => Promise<{ ok: boolean; message: string }>;

export interface RemoteView {
  peer: RoomPeer;
  stream: MediaStream;
  screen: MediaStream | null;
  state: RTCPeerConnectionState;
  /** What this person says they send (their mute and camera buttons); on until they say otherwise. */
  microphoneOn: boolean;
  cameraOn: boolean;
}

export interface RoomSnapshot {
  phase: RoomPhase;
  self: RoomPeer | null;
  remotes: RemoteView[];
  /** This browser's camera and microphone (what it has of them). */
  localStream: MediaStream | null;
  /** The screen this browser shares, a stream of its own so the others tell it from the camera. */
  screen: MediaStream | null;
  /** Camera or microphone missing: shown, never blocking. */
  mediaProblem: string;
  /** The status line. */
  message: string;
  recording: boolean;
  /** The user's own microphone and camera are sent (mute and camera off turn them off, not away). */
  microphoneOn: boolean;
  cameraOn: boolean;
  /** The meeting's recording, kept until its upload succeeded (a failed upload can be tried again). */
  pendingFile: File | null;
  /** Someone else was in the room with this tab: without them, its recording is only its own picture. */
  metSomeone: boolean;
}

const INITIAL: RoomSnapshot = {
  phase: 'idle',
  self: null,
  remotes: [],
  localStream: null,
  screen: null,
  mediaProblem: '',
  message: '',
  recording: false,
  microphoneOn: true,
  cameraOn: true,
  pendingFile: null,
  metSomeone: false,
};

export const ENDED_MESSAGE = 'The meeting has ended.';
export const LEFT_MESSAGE = 'You left the meeting.';
export const DISCARDED_MESSAGE =
  'The meeting has ended and its recording was discarded. The question still needs an answer.';
/** The room closed because no instructor came during the live window (issue 10: the student is told). */
export const UNATTENDED_MESSAGE =
  'No instructor could join before the live discussion ended. Your question stays open and will be answered by video.';
const GONE = [403, 404];
/** The server forgot this peer (unheard too long): same room, new peer. */
const PEER_EXPIRED = 410;
/** How long a join waits for the events stream before going ahead (a proxy may hold the stream back). */
const STREAM_WAIT_MS = 10_000;
/** Three others' offers and candidates, many times over: more while joining is not a room of four. */
const MAX_EARLY_EVENTS = 200;

/**
 * One browser tab in one live room: joins through Lectern, keeps a PeerLink to every other peer the
 * server lists, applies the signals addressed to it, says it is still there, rejoins the same room after a
 * drop, and (for an instructor) records the meeting and uploads it when they end it.
 */
export class RoomSession {
  private snapshot: RoomSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  /** `closableAfter`: only a list of peers asked after that one may close the link (see listsAsked). */
  private readonly links = new Map<string, { peer: RoomPeer; link: PeerLink; closableAfter: number }>();
  /**
   * How many lists of the room's peers this tab has asked for (join and heartbeats). A list tells who was
   * there when it was asked: one asked before an offer arrived from a peer who had just joined (a slow
   * heartbeat) must not close the link that offer made, or the other side would go on negotiating with a
   * connection that no longer exists.
   */
  private listsAsked = 0;
  private iceServers: IceServer[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  /**
   * This room's events that came while the join was on its way: the others may list this tab and send it
   * their offers before the server's answer to the join tells it who it is. Applied once it knows.
   */
  private earlyEvents: StreamEvent[] = [];
  private joinInFlight = false;
  private recordingSession: MeetingRecording | null = null;
  /** Bumped by dispose: a join still awaiting the browser or the server then lets go of what it got. */
  private generation = 0;
  /** The other browsers' signals reach this tab only through the page's events stream. */
  private streamOpen = false;
  private streamWaiters: Array<() => void> = [];
  /** The others' microphone and camera, by peer id, as their `state` signals said last. */
  private readonly mediaStates = new Map<string, MediaState>();
  private previewsAsked = 0;
  /** Numbers this tab's `state` signals, so a late delivery never undoes a later change. */
  private statesSent = 0;

  constructor(readonly questionId: string) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  join = async () => {
    if (this.snapshot.phase !== 'idle' && this.snapshot.phase !== 'failed') return;
    const generation = this.generation;
    this.update({ phase: 'joining', message: 'Joining the room…' });
    this.previewsAsked++; // a preview still on its way lets go of what it gets
    if (!this.snapshot.localStream) {
      const media = await openLocalMedia();
      if (generation !== this.generation) return media.stream.getTracks().forEach((t) => t.stop());
      this.update({ localStream: media.stream, mediaProblem: media.problem });
    }
    // Joined before the stream is open (a window just opened), the first offers and answers would be lost
    // and the link would connect only once its stalled negotiation started again (PeerLink).
    await this.streamReady();
    if (generation !== this.generation) return;
    await this.enter();
  };

  /**
   * Before joining: opens the chosen camera and microphone for the preview (the join then sends them),
   * letting go of the ones shown before. Only the latest choice is kept when choices overlap.
   */
  preview = async (choice: DeviceChoice = {}) => {
    const asked = ++this.previewsAsked;
    const generation = this.generation;
    const media = await openLocalMedia(choice);
    const stale = asked !== this.previewsAsked || generation !== this.generation;
    if (stale || !['idle', 'failed'].includes(this.snapshot.phase))
      return media.stream.getTracks().forEach((t) => t.stop());
    this.snapshot.localStream?.getTracks().forEach((t) => t.stop());
    this.update({ localStream: media.stream, mediaProblem: media.problem });
  };

  /** The page tells whether its events stream is open. */
  setStreamOpen = (open: boolean) => {
    this.streamOpen = open;
    if (open) this.streamWaiters.splice(0).forEach((resolve) => resolve());
  };

  /** A stream event: a signal for this tab, or any news of this room (then ask who is there). */
  onEvent = (event: StreamEvent) => {
    if (!('questionId' in event) || event.questionId !== this.questionId) return;
    if (this.joinInFlight) {
      if (this.earlyEvents.length < MAX_EARLY_EVENTS) this.earlyEvents.push(event);
      return;
    }
    if (!this.snapshot.self) return;
    if (event.type === 'meeting.ended' && event.reason === 'unattended')
      return this.close(UNATTENDED_MESSAGE);
    if (event.type !== 'room.signal') return void this.sync();
    const signal = event.signal;
    if (!signal || signal.to !== this.snapshot.self.peerId) return;
    if (signal.kind === 'state') return this.onMediaState(signal.from, signal.data);
    const known = this.links.get(signal.from);
    if (known?.link.isFromNewLink(signal.kind, signal.data)) this.startOver(signal.from);
    // An offer from a peer this tab has not listed yet (it joined a moment ago): answer it now.
    const link =
      this.links.get(signal.from)?.link ??
      this.connect({ peerId: signal.from, userId: '', fullName: '', role: 'student' }, this.listsAsked);
    if (!known) void this.sync();
    void link.receive(signal.kind, signal.data);
  };

  shareScreen = async () => {
    const track = await openScreen();
    if (!track || !this.snapshot.localStream) return track?.stop();
    track.addEventListener('ended', () => this.stopScreen());
    const screen = new MediaStream([track]);
    for (const { link } of this.links.values()) link.addTrack(track, screen);
    this.update({ screen });
    this.followRecording();
  };

  stopScreen = () => {
    const track = this.snapshot.screen?.getVideoTracks()[0];
    if (!track) return;
    track.stop();
    for (const { link } of this.links.values()) link.removeTrack(track);
    this.update({ screen: null });
    this.followRecording();
  };

  /** Mute and unmute: the track stays (no renegotiation), it sends silence while off. */
  setMicrophone = (on: boolean) => {
    this.snapshot.localStream?.getAudioTracks().forEach((t) => (t.enabled = on));
    this.update({ microphoneOn: on });
    this.tellMediaState();
  };

  /** Camera off and on: the others see black while it is off, and the camera light goes out. */
  setCamera = (on: boolean) => {
    this.snapshot.localStream?.getVideoTracks().forEach((t) => (t.enabled = on));
    this.update({ cameraOn: on });
    this.tellMediaState();
  };

  /**
   * Tells the others (or one newcomer) whether this tab's microphone and camera are on: through the
   * signal path, to each peer. Muted tracks still flow (silence, black), so the media cannot say it.
   */
  private tellMediaState(peerIds: string[] = [...this.links.keys()]): void {
    const { microphoneOn, cameraOn } = this.snapshot;
    const data = JSON.stringify({ n: ++this.statesSent, microphoneOn, cameraOn } satisfies MediaState);
    for (const peerId of peerIds) void this.send(peerId, 'state', data).catch(() => undefined);
  }

  private onMediaState(from: string, data: string): void {
    try {
      const state = JSON.parse(data) as MediaState;
      if ((this.mediaStates.get(from)?.n ?? -1) >= state.n) return;
      this.mediaStates.set(from, state);
      this.refreshRemotes();
    } catch {
      // Not a state this tab understands (a newer version's): the tile keeps what it showed.
    }
  }

  /**
   * The instructor ends the meeting: the recording stops, the room closes, and the recording is uploaded
   * as the answer, or thrown away when they discard it (nobody else came: issue 21).
   */
  end = async (upload: UploadRecording, recording: 'answer' | 'discard' = 'answer') => {
    if (this.snapshot.phase !== 'inRoom' && this.snapshot.phase !== 'reconnecting') return;
    this.update({ phase: 'ending', message: 'Ending the meeting…' });
    const stopped = (await this.recordingSession?.stop()) ?? null;
    const file = recording === 'answer' ? stopped : null;
    this.recordingSession = null;
    this.update({ recording: false, pendingFile: file });
    await endRoom(this.questionId, recording).catch(() => undefined); // already ended: nothing more to do
    this.close(recording === 'answer' ? ENDED_MESSAGE : DISCARDED_MESSAGE);
    if (file) await this.upload(upload);
  };

  upload = async (upload: UploadRecording) => {
    const file = this.snapshot.pendingFile;
    if (!file) return;
    this.update({ message: 'Uploading the recording of the meeting…' });
    const outcome = await upload(file);
    this.update({ message: outcome.message, pendingFile: outcome.ok ? null : file });
  };

  /** The user leaves (the others stay): the room, the camera and the microphone are let go. */
  leave = () => {
    this.dispose();
    this.update({ phase: 'ended', message: LEFT_MESSAGE });
  };

  /** Inbound bytes from one peer so far (RTCPeerConnection stats): the page shows it on the tile. */
  bytesFrom = (peerId: string): Promise<number> =>
    this.links.get(peerId)?.link.bytesReceived() ?? Promise.resolve(0);

  /** The page is gone: leave the room and let go of every device. The session may join again after. */
  dispose = () => {
    this.generation++;
    const self = this.snapshot.self;
    if (self && this.snapshot.phase !== 'ended')
      void leaveRoom(this.questionId, self.peerId).catch(() => undefined);
    void this.recordingSession?.stop();
    this.recordingSession = null;
    this.close('');
    this.update(INITIAL);
  };

  private streamReady(): Promise<void> {
    if (this.streamOpen) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, STREAM_WAIT_MS);
      this.streamWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async enter(): Promise<void> {
    const generation = this.generation;
    try {
      const asked = ++this.listsAsked;
      this.joinInFlight = true;
      const joined = await joinRoom(this.questionId).finally(() => (this.joinInFlight = false));
      if (generation !== this.generation) {
        return void leaveRoom(this.questionId, joined.self.peerId).catch(() => undefined);
      }
      this.iceServers = joined.iceServers;
      this.update({ phase: 'inRoom', self: joined.self, message: '' });
      this.reconcile(joined.peers, asked);
      this.earlyEvents.splice(0).forEach(this.onEvent);
      clearInterval(this.timer);
      this.timer = setInterval(() => void this.sync(), ROOM_HEARTBEAT_MS);
    } catch (error) {
      if (error instanceof ApiError && GONE.includes(error.status)) return this.close(ENDED_MESSAGE);
      this.update({ phase: 'failed', message: `Could not join the room: ${(error as Error).message}` });
    }
  }

  /** Heartbeat: the server answers who is in the room, or that this peer or the room is gone. */
  private async sync(): Promise<void> {
    const self = this.snapshot.self;
    if (!self || !['inRoom', 'reconnecting'].includes(this.snapshot.phase)) return;
    try {
      const asked = ++this.listsAsked;
      const state = await heartbeat(this.questionId, self.peerId);
      if (this.snapshot.phase === 'reconnecting') this.update({ phase: 'inRoom', message: '' });
      this.reconcile(state.peers, asked);
      // A muted microphone or a camera off is said again now and then: a lost signal would hide it.
      if (!this.snapshot.microphoneOn || !this.snapshot.cameraOn) this.tellMediaState();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        return this.update({ phase: 'reconnecting', message: 'Connection lost. Reconnecting…' });
      }
      if (error.status === PEER_EXPIRED) return this.rejoin();
      if (GONE.includes(error.status)) this.close(ENDED_MESSAGE);
    }
  }

  private async rejoin(): Promise<void> {
    this.update({ phase: 'reconnecting', message: 'Connection lost. Rejoining the room…' });
    this.dropLinks();
    await this.enter();
  }

  /** One link per other peer the server lists; links to peers no longer listed (when asked) close. */
  private reconcile(peers: RoomPeer[], asked: number): void {
    const self = this.snapshot.self;
    if (!self) return;
    const others = peers.filter((p) => p.peerId !== self.peerId);
    const listed = new Set(others.map((p) => p.peerId));
    for (const [peerId, { link, closableAfter }] of this.links) {
      if (!listed.has(peerId) && asked > closableAfter) {
        link.close();
        this.links.delete(peerId);
      }
    }
    for (const peer of others) {
      const known = this.links.get(peer.peerId);
      if (known) known.peer = peer;
      else this.connect(peer, asked);
    }
    this.recordIfFirstInstructor(peers);
    for (const { link } of this.links.values()) link.setCameraBudget(this.links.size);
    this.refreshRemotes();
  }

  /**
   * One recording per meeting, made by the instructor who came first (the server lists the room in the
   * order people joined); another instructor's tab takes over once that one left. Every instructor's tab
   * recording the same meeting would each composite and encode it, which a laptop in a room of four
   * cannot afford next to the calls themselves.
   */
  private recordIfFirstInstructor(peers: RoomPeer[]): void {
    const self = this.snapshot.self;
    const firstInstructor = peers.find((p) => p.role === 'instructor');
    if (this.recordingSession || !self || firstInstructor?.peerId !== self.peerId) return;
    this.recordingSession = MeetingRecording.start();
    this.update({ recording: this.recordingSession !== null });
  }

  private connect(peer: RoomPeer, closableAfter: number): PeerLink {
    const self = this.snapshot.self!;
    const link: PeerLink = new PeerLink({
      iceServers: this.iceServers,
      polite: self.peerId > peer.peerId,
      localStream: this.snapshot.localStream ?? new MediaStream(),
      send: (kind, data, abandon) => this.send(peer.peerId, kind, data, abandon),
      onChange: () => this.refreshRemotes(),
      onStuck: () => this.links.get(peer.peerId)?.link === link && this.startOver(peer.peerId),
    });
    const screen = this.snapshot.screen;
    for (const track of screen?.getTracks() ?? []) link.addTrack(track, screen!);
    this.links.set(peer.peerId, { peer, link, closableAfter });
    if (!this.snapshot.microphoneOn || !this.snapshot.cameraOn) this.tellMediaState([peer.peerId]);
    return link;
  }

  /**
   * A new link to the same person in place of one that does not connect (PeerLink's onStuck), or of one
   * whose other side started over itself: its first offer then names a new connection.
   */
  private startOver(peerId: string): void {
    const { peer, link, closableAfter } = this.links.get(peerId)!;
    link.close();
    this.connect(peer, closableAfter).setCameraBudget(this.links.size);
    this.refreshRemotes();
  }

  /** A lost signal is healed by the link's restart (PeerLink) or the rejoin. */
  private async send(to: string, kind: SignalKind, data: string, abandon?: AbortSignal): Promise<void> {
    const from = this.snapshot.self?.peerId;
    if (from) await sendSignal(this.questionId, { from, to, kind, data }, abandon);
  }

  private refreshRemotes(): void {
    const remotes = [...this.links.values()]
      .filter(({ peer }) => peer.userId !== '')
      .map(({ peer, link }) => ({
        peer,
        stream: link.remoteStream,
        screen: link.remoteScreen,
        state: link.state,
        microphoneOn: this.mediaStates.get(peer.peerId)?.microphoneOn ?? true,
        cameraOn: this.mediaStates.get(peer.peerId)?.cameraOn ?? true,
      }));
    this.update({ remotes, metSomeone: this.snapshot.metSomeone || remotes.length > 0 });
    this.followRecording();
  }

  private followRecording(): void {
    const { self, localStream, screen, remotes } = this.snapshot;
    if (!this.recordingSession || !self || !localStream) return;
    const shared = [screen, ...remotes.map((r) => r.screen)].find((s) => s !== null);
    this.recordingSession.update(
      [
        { key: self.peerId, name: self.fullName, stream: localStream },
        ...remotes.map((r) => ({ key: r.peer.peerId, name: r.peer.fullName, stream: r.stream })),
      ],
      shared?.getVideoTracks()[0] ?? null,
    );
  }

  private dropLinks(): void {
    for (const { link } of this.links.values()) link.close();
    this.links.clear();
    this.update({ remotes: [] });
  }

  private close(message: string): void {
    clearInterval(this.timer);
    this.earlyEvents = [];
    this.dropLinks();
    for (const stream of [this.snapshot.localStream, this.snapshot.screen]) {
      stream?.getTracks().forEach((t) => t.stop());
    }
    this.update({ phase: 'ended', message, localStream: null, screen: null });
  }

  private update(patch: Partial<RoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}

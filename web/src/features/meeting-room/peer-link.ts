import type { IceServer, LinkSignalKind } from '@lectern/shared';
import { SignalOutbox, candidatesOf } from './signal-outbox';

/**
 * A negotiation whose signals were all delivered moves within a few seconds, even on a slow network:
 * an offer unanswered, or a link that never started connecting, for this long lost a signal on the way.
 */
const NEGOTIATION_STALL_MS = 5_000;
/** ICE checks that neither succeed nor fail for this long lost their candidates (Chromium fails at ~30 s). */
const CONNECTING_STALL_MS = 12_000;
/** Host candidates gather in milliseconds; a STUN server's may take a second or more. */
const GATHER_WAIT_MS = 1_500;
/**
 * ICE restarts that may go unconnected before the link starts over with a new RTCPeerConnection on both
 * sides. A pair was once seen answering restart after restart without ever connecting (CI, a room of
 * four); a new connection is the negotiation that always works, the one every join makes.
 */
const MAX_ICE_RESTARTS = 2;

/**
 * An offer or answer as it travels: the description, and which of the offerer's offers it is or answers.
 * Under load an answer can come back after its offer was replaced (a restart), and the browser would take
 * it as the answer to the new one, leaving the two sides with different ICE credentials for good.
 * `link` names the sending side's connection and, in an answer, `toLink` the offering one: a link that
 * started over (MAX_ICE_RESTARTS) is told from the one it replaced. All three are absent in the signals
 * of older tabs: then the answer is applied, as before.
 */
type DescriptionSignal = RTCSessionDescriptionInit & { offer?: number; link?: string; toLink?: string };

type CameraBudget = Pick<RTCRtpEncodingParameters, 'maxBitrate' | 'maxFramerate' | 'scaleResolutionDownBy'>;

/** What the camera sends to each other person, with one, two, three others in the room. */
const CAMERA_BUDGETS: CameraBudget[] = [
  { maxBitrate: 1_200_000, maxFramerate: 30, scaleResolutionDownBy: 1 },
  { maxBitrate: 600_000, maxFramerate: 20, scaleResolutionDownBy: 1.5 },
  { maxBitrate: 350_000, maxFramerate: 15, scaleResolutionDownBy: 2 },
];

export interface PeerLinkOptions {
  iceServers: IceServer[];
  /**
   * The polite side yields when both offer at once (perfect negotiation); exactly one side is. The other,
   * impolite side alone starts a stalled negotiation again, so the two never restart against each other.
   */
  polite: boolean;
  /** What this browser sends now (camera, microphone, a shared screen); empty joins without media. */
  localStream: MediaStream;
  /** Delivers one signal to the other browser; resolves once the server took it, rejects if abandoned. */
  send(kind: LinkSignalKind, data: string, abandon: AbortSignal): Promise<unknown>;
  onChange(): void;
  /** This link does not connect however often ICE restarts: replace it with a new one (impolite side). */
  onStuck(): void;
}

/**
 * One RTCPeerConnection to one other browser in the room, negotiated with the "perfect negotiation"
 * pattern: both sides offer whenever their tracks change, and a collision is settled by politeness, so
 * joining, leaving, sharing a screen and an ICE restart all go through the same few lines.
 */
export class PeerLink {
  readonly connection: RTCPeerConnection;
  /** Names this connection in its descriptions (DescriptionSignal); not a secret. */
  readonly id = Math.random().toString(36).slice(2, 10);
  /** What arrives from the other browser: their camera and voice… */
  readonly remoteStream = new MediaStream();
  /** …and their shared screen (a stream of its own on their side), while they share one. */
  remoteScreen: MediaStream | null = null;
  private cameraStreamId: string | null = null;
  private makingOffer = false;
  /** Our description waits for its candidates (sendDescription). */
  private describing = false;
  private ignoreOffer = false;
  /** Our offers so far: the newest is the one an answer must answer (DescriptionSignal). */
  private offersMade = 0;
  /** The number of the other side's offer our current answer answers, and its connection. */
  private answering: number | undefined;
  private answeringLink: string | undefined;
  /** The other side's connection, as the descriptions this link took from it name it. */
  private remoteLink: string | undefined;
  /** ICE restarts since this link was last connected. */
  private iceRestarts = 0;
  /** Descriptions and candidates are applied one at a time, in the order they arrived. */
  private inbox: Promise<void> = Promise.resolve();
  /** Candidates that came before the description they belong to (applied once it is set). */
  private earlyCandidates: RTCIceCandidateInit[] = [];
  private readonly outbox: SignalOutbox;
  private readonly senders = new Map<MediaStreamTrack, RTCRtpSender>();
  private cameraBudget: CameraBudget = CAMERA_BUDGETS[0]!;
  /**
   * When anything last happened on this link: a state change, a signal received, or the last of ours
   * delivered. Counting from when an offer was made, not delivered, a slow server would have every offer
   * taken back before the other side saw it, and the next one too.
   */
  private lastMoved = Date.now();
  private readonly stallCheck = setInterval(() => this.restartIfStalled(), 1000);

  constructor(private readonly options: PeerLinkOptions) {
    const pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.connection = pc;
    this.outbox = new SignalOutbox(options.send, () => this.moved());
    if (options.localStream.getTracks().length === 0) {
      // Without media of its own a browser still receives the others' (a refused camera).
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.addTransceiver('video', { direction: 'recvonly' });
    }
    for (const track of options.localStream.getTracks()) this.addTrack(track);

    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        this.offersMade++;
      } catch {
        return; // a newer negotiation replaces this one
      } finally {
        this.makingOffer = false;
      }
      await this.sendDescription('offer');
    };
    pc.onicecandidate = ({ candidate }) => {
      // Gathered while the description waits: it carries them.
      if (candidate && !this.describing) this.outbox.push('candidate', JSON.stringify(candidate));
    };
    pc.ontrack = ({ track, streams }) => {
      // The first stream the other side sends is its camera; a later one is a screen it shares.
      const streamId = streams[0]?.id ?? '';
      this.cameraStreamId ??= streamId;
      const target =
        streamId === this.cameraStreamId ? this.remoteStream : (this.remoteScreen ??= new MediaStream());
      target.addTrack(track);
      const gone = () => {
        target.removeTrack(track);
        if (target === this.remoteScreen && target.getTracks().length === 0) this.remoteScreen = null;
        options.onChange();
      };
      track.addEventListener('ended', gone);
      // The other side stopped sending it (stopped sharing): WebRTC removes it from the sender's stream.
      streams[0]?.addEventListener('removetrack', (event) => event.track === track && gone());
      options.onChange();
    };
    pc.onsignalingstatechange = () => this.moved();
    pc.onconnectionstatechange = () => {
      this.moved();
      if (pc.connectionState === 'connected') {
        this.iceRestarts = 0;
        void this.applyCameraBudget();
      }
      options.onChange();
    };
    // A dropped network path (Wi-Fi to cable, a NAT rebinding) gets fresh candidates, same room.
    pc.oniceconnectionstatechange = () => {
      this.moved();
      if (pc.iceConnectionState === 'failed' && !options.polite) this.restartIce();
      options.onChange();
    };
  }

  /**
   * How much of the camera this link sends, by how many others this browser sends it to: each gets
   * their own copy (a mesh), so a room of four sends three at a quarter of the pixels and half the
   * frames, as a video call does for its small tiles.
   */
  setCameraBudget(othersInRoom: number): void {
    this.cameraBudget =
      CAMERA_BUDGETS[Math.min(othersInRoom, CAMERA_BUDGETS.length) - 1] ?? CAMERA_BUDGETS[0]!;
    void this.applyCameraBudget();
  }

  get state(): RTCPeerConnectionState {
    return this.connection.connectionState;
  }

  addTrack(track: MediaStreamTrack, stream: MediaStream = this.options.localStream): void {
    if (this.senders.has(track) || this.connection.signalingState === 'closed') return;
    this.senders.set(track, this.connection.addTrack(track, stream));
  }

  removeTrack(track: MediaStreamTrack): void {
    const sender = this.senders.get(track);
    this.senders.delete(track);
    if (sender && this.connection.signalingState !== 'closed') this.connection.removeTrack(sender);
  }

  /**
   * An offer from another connection than the one this link negotiated with: the other side started its
   * link over (MAX_ICE_RESTARTS), and this side must too, or the new offer meets the old connection.
   */
  isFromNewLink(kind: LinkSignalKind, data: string): boolean {
    if (kind !== 'offer' || this.remoteLink === undefined) return false;
    const { link } = JSON.parse(data) as DescriptionSignal;
    return link !== undefined && link !== this.remoteLink;
  }

  receive(kind: LinkSignalKind, data: string): Promise<void> {
    this.inbox = this.inbox.then(() => this.apply(kind, data)).catch(() => undefined);
    return this.inbox;
  }

  /** Bytes received over every inbound RTP stream: the proof that the other's media arrives. */
  async bytesReceived(): Promise<number> {
    const stats = await this.connection.getStats();
    let total = 0;
    stats.forEach((report: { type: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp') total += report.bytesReceived ?? 0;
    });
    return total;
  }

  close(): void {
    clearInterval(this.stallCheck);
    this.outbox.close();
    this.connection.close();
    for (const track of this.remoteStream.getTracks()) this.remoteStream.removeTrack(track);
  }

  private async applyCameraBudget(): Promise<void> {
    const camera = this.options.localStream.getVideoTracks()[0];
    const sender = camera && this.senders.get(camera);
    if (!sender || this.connection.signalingState === 'closed') return;
    const parameters = sender.getParameters();
    const [encoding] = parameters.encodings ?? [];
    if (!encoding) return; // not negotiated yet: applied once connected
    Object.assign(encoding, this.cameraBudget);
    await sender.setParameters(parameters).catch(() => undefined); // closed meanwhile
  }

  private moved(): void {
    this.lastMoved = Date.now();
  }

  /**
   * Stalled, with nothing of ours still on its way: an offer unanswered or a link that never started
   * connecting for NEGOTIATION_STALL_MS, or ICE checks going nowhere for CONNECTING_STALL_MS. A lost offer,
   * answer or candidate would otherwise leave both sides waiting for ever (ICE never starts without them
   * and so never fails). An unanswered offer is sent again as it is, never taken back: the other side may
   * have applied it and only its answer was lost, and a first offer rolled back gives the next one new
   * m-line ids, which that side then refuses for good ("The order of m-lines in subsequent offer doesn't
   * match"). A link that negotiated but does not connect restarts ICE (a new offer); the impolite side
   * alone does that, and the polite side, whatever state it is in, takes the offer (perfect negotiation).
   * The polite side only sends its own unanswered offer again (a shared screen on a connected link), and
   * later, so that the two do not restart against each other.
   */
  private restartIfStalled(): void {
    const pc = this.connection;
    if (this.makingOffer || this.describing || !this.outbox.idle) return;
    const limit = this.options.polite ? this.politeStallLimit() : this.stallLimit();
    // The other side's answer takes about as long to come back as ours took to go.
    if (Date.now() - this.lastMoved < limit + 2 * this.outbox.recentDelayMs) return;
    if (Date.now() - this.lastMoved < limit) return;
    this.moved();
    // In the inbox's turn, so that it never crosses a description being applied.
    this.inbox = this.inbox
      .then(() => (pc.signalingState === 'have-local-offer' ? this.sendOffer() : this.restartIce()))
      .catch(() => undefined); // closed meanwhile
  }

  /**
   * A new offer with fresh ICE credentials, or, past MAX_ICE_RESTARTS without connecting, a new link
   * (the room replaces this one). An older tab on the other side, which names no link, only restarts.
   */
  private restartIce(): void {
    const stuck = ++this.iceRestarts > MAX_ICE_RESTARTS && this.remoteLink !== undefined;
    if (stuck && !this.options.polite) this.options.onStuck();
    else this.connection.restartIce();
  }

  private stallLimit(): number {
    const pc = this.connection;
    if (pc.connectionState === 'new' || pc.signalingState === 'have-local-offer') return NEGOTIATION_STALL_MS;
    if (pc.connectionState === 'connecting' || pc.connectionState === 'disconnected')
      return CONNECTING_STALL_MS;
    return Infinity;
  }

  private politeStallLimit(): number {
    const pc = this.connection;
    if (pc.signalingState === 'have-local-offer') return 2 * NEGOTIATION_STALL_MS;
    // Failed here while the other side still believes it is connected (it would never restart).
    if (pc.connectionState === 'failed') return CONNECTING_STALL_MS;
    return Infinity;
  }

  private async apply(kind: LinkSignalKind, data: string): Promise<void> {
    const pc = this.connection;
    if (kind === 'candidate') {
      if (!this.ignoreOffer) this.moved(); // an ignored offer's candidates are no progress either
      // Before any description of the other side (its offer is on the way, or was ignored): kept for it.
      if (!pc.remoteDescription) return void this.earlyCandidates.push(...candidatesOf(data));
      return this.addCandidates(candidatesOf(data));
    }
    const { offer, link, toLink, ...description } = JSON.parse(data) as DescriptionSignal;
    // An answer to an offer of ours since replaced (or of the link this one replaced): applied, it would
    // pass for the answer to the new one.
    const stale =
      (offer !== undefined && offer !== this.offersMade) || (toLink !== undefined && toLink !== this.id);
    if (description.type === 'answer' && stale) return;
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && collision;
    // An offer ignored is no progress: counted as such, the polite side's re-sent offers (every 10 s and
    // more) would keep this side from ever restarting its own lost one, and the pair would wait for good.
    if (this.ignoreOffer) return;
    this.moved();
    await pc.setRemoteDescription(description);
    this.remoteLink = link ?? this.remoteLink;
    if (description.type === 'offer') {
      await pc.setLocalDescription();
      this.answering = offer;
      this.answeringLink = link;
      void this.sendDescription('answer');
    }
    await this.addCandidates(this.earlyCandidates.splice(0));
  }

  /**
   * Sends our offer or answer once its candidates are gathered (at most GATHER_WAIT_MS: a STUN server
   * may be slow, and the late ones follow as candidates): one request where trickling would take several,
   * each of them slow on a busy server. A description replaced meanwhile (a collision) is not sent.
   */
  private async sendDescription(kind: 'offer' | 'answer'): Promise<void> {
    const pc = this.connection;
    this.describing = true;
    if (pc.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pc.removeEventListener('icegatheringstatechange', onChange);
          resolve();
        };
        const onChange = () => pc.iceGatheringState === 'complete' && done();
        const timer = setTimeout(done, GATHER_WAIT_MS);
        pc.addEventListener('icegatheringstatechange', onChange);
      });
    }
    this.describing = false;
    if (kind === 'offer') return this.sendOffer();
    const description = pc.localDescription;
    if (description?.type === 'answer') this.send(description, this.answering, this.answeringLink);
  }

  /** Our current offer, numbered, unless a collision replaced it meanwhile. */
  private sendOffer(): void {
    const description = this.connection.localDescription;
    if (description?.type === 'offer' && this.connection.signalingState === 'have-local-offer')
      this.send(description, this.offersMade);
  }

  private send(description: RTCSessionDescription, offer: number | undefined, toLink?: string): void {
    const { type, sdp } = description;
    const signal: DescriptionSignal = { type, sdp, offer, link: this.id, toLink };
    this.outbox.push(type as 'offer' | 'answer', JSON.stringify(signal));
  }

  private async addCandidates(candidates: RTCIceCandidateInit[]): Promise<void> {
    for (const candidate of candidates) {
      // A candidate of an offer we ignored, or of an ICE generation since restarted, no longer fits.
      await this.connection.addIceCandidate(candidate).catch(() => undefined);
    }
  }
}

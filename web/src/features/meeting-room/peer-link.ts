import type { IceServer, SignalKind } from '@lectern/shared';

/** A connection under way changes state within a second or two, even on a slow network. */
const NEGOTIATION_STALL_MS = 5_000;

export interface PeerLinkOptions {
  iceServers: IceServer[];
  /** The polite side yields when both offer at once (perfect negotiation); exactly one side is. */
  polite: boolean;
  /** What this browser sends now (camera, microphone, a shared screen); empty joins without media. */
  localStream: MediaStream;
  send(kind: SignalKind, data: string): void;
  onChange(): void;
}

/**
 * One RTCPeerConnection to one other browser in the room, negotiated with the "perfect negotiation"
 * pattern: both sides offer whenever their tracks change, and a collision is settled by politeness, so
 * joining, leaving, sharing a screen and an ICE restart all go through the same few lines.
 */
export class PeerLink {
  readonly connection: RTCPeerConnection;
  /** What arrives from the other browser: their camera and voice… */
  readonly remoteStream = new MediaStream();
  /** …and their shared screen (a stream of its own on their side), while they share one. */
  remoteScreen: MediaStream | null = null;
  private cameraStreamId: string | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  /** Descriptions and candidates are applied one at a time, in the order they arrived. */
  private inbox: Promise<void> = Promise.resolve();
  private readonly senders = new Map<MediaStreamTrack, RTCRtpSender>();
  /** When the signalling or the connection last changed state. */
  private lastMoved = Date.now();
  private readonly stallCheck = setInterval(() => this.restartIfStalled(), 1000);

  constructor(private readonly options: PeerLinkOptions) {
    const pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.connection = pc;
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
        if (pc.localDescription) options.send('offer', JSON.stringify(pc.localDescription));
      } catch {
        // A newer negotiation replaces this one.
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) options.send('candidate', JSON.stringify(candidate));
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
    pc.onsignalingstatechange = () => (this.lastMoved = Date.now());
    pc.onconnectionstatechange = () => {
      this.lastMoved = Date.now();
      options.onChange();
    };
    // A dropped network path (Wi-Fi to cable, a NAT rebinding) gets fresh candidates, same room.
    pc.oniceconnectionstatechange = () => {
      if (pc.iceConnectionState === 'failed') pc.restartIce();
      options.onChange();
    };
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

  receive(kind: SignalKind, data: string): Promise<void> {
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
    this.connection.close();
    for (const track of this.remoteStream.getTracks()) this.remoteStream.removeTrack(track);
  }

  /**
   * Stalled: never connected, or an offer of ours unanswered, for NEGOTIATION_STALL_MS. An offer or answer
   * lost on the way (or sent to a connection the other side has since replaced) would leave both sides
   * waiting for ever, since ICE never starts without them and so never fails. Our offer is taken back and
   * a new one with fresh ICE goes out; if both sides do this at once, politeness settles it as for any
   * collision. (A link whose checks fail restarts ICE by itself, above.)
   */
  private restartIfStalled(): void {
    const pc = this.connection;
    const stalled = pc.connectionState === 'new' || pc.signalingState === 'have-local-offer';
    if (!stalled || this.makingOffer || Date.now() - this.lastMoved < NEGOTIATION_STALL_MS) return;
    this.lastMoved = Date.now();
    // In the inbox's turn, so that it never crosses a description being applied.
    this.inbox = this.inbox
      .then(async () => {
        if (pc.signalingState === 'have-local-offer') await pc.setLocalDescription({ type: 'rollback' });
        pc.restartIce();
      })
      .catch(() => undefined); // closed meanwhile
  }

  private async apply(kind: SignalKind, data: string): Promise<void> {
    const pc = this.connection;
    if (kind === 'candidate') {
      try {
        await pc.addIceCandidate(JSON.parse(data) as RTCIceCandidateInit);
      } catch (error) {
        if (!this.ignoreOffer) throw error; // candidates of an offer we ignored are expected to fail
      }
      return;
    }
    const description = JSON.parse(data) as RTCSessionDescriptionInit;
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) return;
    await pc.setRemoteDescription(description);
    if (description.type === 'offer') {
      await pc.setLocalDescription();
      if (pc.localDescription) this.options.send('answer', JSON.stringify(pc.localDescription));
    }
  }
}

// One meeting interface, two providers (DESIGN §11, issue 10): the built-in WebRTC room, or
// BigBlueButton when BBB_URL and BBB_SECRET are configured. The spec's /api/bbb/* routes keep their
// names and answer shapes whichever runs.

export interface RoomParticipant {
  userId: string;
  fullName: string;
  role: 'student' | 'instructor';
}

export interface RoomSpec {
  questionId: string;
  /** The question's text, shown as the room's name where the provider has one. */
  name: string;
  /** A live question's discussion, or an instructor alone recording an answer (recordResponse). */
  purpose: 'discussion' | 'recording';
}

export interface MeetingProvider {
  readonly kind: 'builtin' | 'bigbluebutton';
  /** Opens the room; calling it for a room already open is harmless. Throws on provider failure/timeout. */
  open(room: RoomSpec): Promise<void>;
  /** The URL this participant opens to enter the room. */
  joinUrl(room: RoomSpec, who: RoomParticipant): Promise<string>;
  /** Ends the room for everyone; harmless for a room already ended. */
  end(room: RoomSpec): Promise<void>;
}

/** A provider that failed or did not answer in time: the routes answer the spec's error with this status. */
export class MeetingProviderError extends Error {
  constructor(
    message: string,
    readonly status: 502 | 504,
  ) {
    super(message);
    this.name = 'MeetingProviderError';
  }
}

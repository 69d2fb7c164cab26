import { describe, expect, it } from 'vitest';
import { FAKE_MEDIA_ARGS, baseURL, useBrowser } from '../support/browser';
import { expectEveryPairFlowing, joinRoom, roomPages, seedLiveRoom } from '../support/room';

// A link whose ICE never connects, however often it restarts, starts over with a new RTCPeerConnection
// on both sides (PeerLink's MAX_ICE_RESTARTS). CI once saw a pair of a room of four answer restart after
// restart for 90 s without connecting; here each page's first connection is made deaf to the other's
// candidates, the one thing that keeps a real connection from ever connecting.

/** Runs in the page: its first RTCPeerConnection never learns a candidate; the page counts them. */
function deafFirstConnection(): void {
  const Native = window.RTCPeerConnection;
  const counted = window as unknown as { connectionsMade: number };
  counted.connectionsMade = 0;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      if (++counted.connectionsMade > 1) return;
      const setRemote = this.setRemoteDescription.bind(this);
      this.setRemoteDescription = (description: RTCSessionDescriptionInit) =>
        setRemote({ type: description.type, sdp: description.sdp?.replace(/a=candidate:.*\r\n/g, '') });
      this.addIceCandidate = async () => undefined;
    }
  };
}

describe('a built-in room link that never connects', () => {
  const b = useBrowser({ args: FAKE_MEDIA_ARGS });

  it('starts over with a new connection on both sides, and then connects', async () => {
    const room = await seedLiveRoom(['Prof Ada'], 'Sam Student');
    const pages = await roomPages(b.browser, room, baseURL());
    try {
      for (const page of pages.values()) await page.evaluate(deafFirstConnection);
      for (const page of pages.values()) await joinRoom(page);
      await expectEveryPairFlowing(pages, 120_000);
      for (const page of pages.values()) {
        const made = await page.evaluate(
          () => (window as unknown as { connectionsMade: number }).connectionsMade,
        );
        expect(made, 'the first connection was given up for a second one').toBe(2);
      }
    } finally {
      await Promise.all([...pages.values()].map((page) => page.context().close()));
    }
  }, 300_000);
});

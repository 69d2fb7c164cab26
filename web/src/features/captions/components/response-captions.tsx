import { CaptionTracks } from './CaptionTracks';
import { TranscriptPanel } from './TranscriptPanel';

/** Captions and transcript of an answer video, in the shape the response overlay takes. */
export const responseCaptions = (responseId: string) => ({
  tracks: <CaptionTracks owner="response" ownerId={responseId} />,
  transcript: (player: { currentTime: number; seek(seconds: number): void }) => (
    <TranscriptPanel
      owner="response"
      ownerId={responseId}
      currentTime={player.currentTime}
      onSeek={player.seek}
    />
  ),
});

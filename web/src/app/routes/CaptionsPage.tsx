import { CAPTION_OWNERS, type CaptionOwner, LOADING } from '@lectern/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useCaptionTracks } from '../../features/captions/api/captions-api';
import { AutomaticCaptions } from '../../features/captions/components/AutomaticCaptions';
import { CaptionTrackList } from '../../features/captions/components/CaptionTrackList';
import { CaptionTracks } from '../../features/captions/components/CaptionTracks';
import { CueEditor } from '../../features/captions/components/CueEditor';
import { UploadCaptionsForm } from '../../features/captions/components/UploadCaptionsForm';
import { LecturePlayer, type PlayableVideo } from '../../features/player/components/LecturePlayer';
import { useLecturePlayer } from '../../features/player/hooks/useLecturePlayer';
import { useResponseVideo, useVideoWithQuestions } from '../../features/questions/api/questions-api';
import { VideoNotFound } from '../../features/questions/components/VideoNotFound';
import { CourseAdminOnly } from '../layout/CourseAdminOnly';

/** Instructor caption editor (issue 13): /captions/video/{videoId} or /captions/response/{responseId}. */
export function CaptionsPage() {
  const { owner = '', ownerId = '' } = useParams();
  if (!(CAPTION_OWNERS as readonly string[]).includes(owner)) return <VideoNotFound />;
  return <CaptionsView key={`${owner}/${ownerId}`} owner={owner as CaptionOwner} ownerId={ownerId} />;
}

/** The video being captioned, as the player takes it, from whichever API knows it. */
function usePlayable(owner: CaptionOwner, ownerId: string) {
  const lectureVideo = useVideoWithQuestions(owner === 'video' ? ownerId : undefined);
  const answer = useResponseVideo(owner === 'response' ? ownerId : '');
  const query = owner === 'video' ? lectureVideo : answer;
  const video: PlayableVideo | undefined =
    owner === 'video'
      ? lectureVideo.data
      : answer.data && {
          id: ownerId,
          title: 'Answer video',
          sourceType: 'localFile',
          videoSource: answer.data.videoSource,
        };
  const answers = (lectureVideo.data?.questions ?? []).filter((q) => q.response);
  return {
    video,
    answers,
    courseId: lectureVideo.data?.courseID,
    isPending: query.isPending,
    isError: query.isError,
  };
}

function CaptionsView({ owner, ownerId }: { owner: CaptionOwner; ownerId: string }) {
  const { handle: player, playerProps } = useLecturePlayer();
  const [time, setTime] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const media = usePlayable(owner, ownerId);
  const tracks = useCaptionTracks(owner, ownerId);

  if (media.isPending) return <p role="status">{LOADING.videoAndQuestions}</p>;
  if (media.isError || !media.video) return <VideoNotFound />;
  const language = editing ?? tracks.data?.[0]?.language ?? null;

  const page = (
    <Page title={`Captions: ${media.video.title}`}>
      <div className="two-columns lecture-layout">
        <div className="stack">
          <LecturePlayer
            video={media.video}
            {...playerProps}
            tracks={<CaptionTracks owner={owner} ownerId={ownerId} />}
            onTime={setTime}
          />
          {media.video.sourceType === 'youtubeLink' && (
            <p className="hint">YouTube shows its own captions; these are for the transcript and search.</p>
          )}
          <CaptionTrackList owner={owner} tracks={tracks.data ?? []} editing={language} onEdit={setEditing} />
          <AutomaticCaptions owner={owner} ownerId={ownerId} tracks={tracks.data ?? []} />
          <UploadCaptionsForm owner={owner} ownerId={ownerId} />
          {media.answers.length > 0 && (
            <>
              <h2>Answer videos</h2>
              <ul>
                {media.answers.map((q) => (
                  <li key={q.id}>
                    <Link to={`/captions/response/${q.response}`}>
                      Captions of the answer to “{q.question}”
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div>
          {language && (
            <CueEditor
              owner={owner}
              ownerId={ownerId}
              language={language}
              currentTime={time}
              onJump={(seconds) => player.current?.seekTo(seconds)}
            />
          )}
        </div>
      </div>
    </Page>
  );
  // A lecture video's captions are its course admins' to edit; an answer's are guarded by the server only.
  if (owner === 'response') return page;
  return (
    <CourseAdminOnly courseId={media.courseId} studentView={`/video/${ownerId}`}>
      {page}
    </CourseAdminOnly>
  );
}

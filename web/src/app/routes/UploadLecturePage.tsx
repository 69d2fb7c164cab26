import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { CourseAdminOnly } from '../layout/CourseAdminOnly';
import { StorageUseNote } from '../../features/lectures/components/StorageUseNote';
import { UploadLectureForm } from '../../features/lectures/components/UploadLectureForm';
import { Recorder } from '../../features/recording';

export function UploadLecturePage() {
  const { courseId = '' } = useParams();
  return (
    <CourseAdminOnly courseId={courseId}>
      <Page title="Upload a lecture">
        <StorageUseNote />
        <UploadLectureForm
          key={courseId}
          courseId={courseId}
          recorder={(addToQueue, disabled) => (
            <section aria-labelledby="record-heading">
              <h2 id="record-heading">Record a video</h2>
              <Recorder
                finishLabel="Add recording to queue"
                askTitle
                busy={disabled}
                onFinish={(file, title) => {
                  addToQueue({ title, file, link: '' });
                  return Promise.resolve({ ok: true, message: `"${title}" was added to the queue.` });
                }}
              />
            </section>
          )}
        />
      </Page>
    </CourseAdminOnly>
  );
}

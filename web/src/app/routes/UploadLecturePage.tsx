import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { UploadLectureForm } from '../../features/lectures/components/UploadLectureForm';

export function UploadLecturePage() {
  const { courseId = '' } = useParams();
  return (
    <Page title="Upload a lecture">
      <UploadLectureForm key={courseId} courseId={courseId} />
    </Page>
  );
}

import { ERRORS, type LectureDto, SUCCESS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { lectureDatesFromIso, lectureDatesToIso } from '../../../lib/lecture-dates';
import { useUpdateLecture } from '../api/lecture-mutations';
import { type LectureFieldValues, LectureFields } from './LectureFields';
import { FormAlert } from '../../../components/ui/FormAlert';
import { useFormSubmit } from '../../../components/ui/use-form-submit';

/** Where saving leads (SPEC §4): the first video's admin page, or the course while there is no video. */
const afterSave = (lecture: LectureDto) =>
  lecture.firstVideoId
    ? `/videoAdmin/${lecture.firstVideoId}?lectureId=${lecture.id}`
    : `/courses/${lecture.courseID}`;

/** Title, Topic and the four dates; mount with key={lecture.id} so it starts from the loaded values. */
export function EditLectureForm({ lecture }: { lecture: LectureDto }) {
  const navigate = useNavigate();
  const update = useUpdateLecture();
  const [values, setValues] = useState<LectureFieldValues>({
    title: lecture.title,
    topic: lecture.topic,
    ...lectureDatesFromIso(lecture),
  });
  const { error, setError, busy, send } = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const dates = lectureDatesToIso(values);
    if (!dates || !values.title.trim()) return setError(VALIDATION.metadataRequired);
    await send(
      async () => {
        const saved = await update.mutateAsync({
          id: lecture.id,
          body: { title: values.title.trim(), topic: values.topic.trim(), ...dates },
        });
        toast.success(SUCCESS.lectureUpdated);
        void navigate(afterSave(saved));
      },
      { onFailure: () => toast.error(ERRORS.updateLectureFailed) },
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <LectureFields values={values} onChange={setValues} />
      <FormAlert message={error} />
      <button type="submit" disabled={busy}>
        Save Changes
      </button>
    </form>
  );
}

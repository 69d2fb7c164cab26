import { ERRORS, type LectureDto, SUCCESS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { lectureDatesFromIso, lectureDatesToIso } from '../../../lib/lecture-dates';
import { useUpdateLecture } from '../api/lecture-mutations';
import { type LectureFieldValues, LectureFields } from './LectureFields';
import { FormAlert } from '../../../components/ui/FormAlert';
import { FormStatus, NOTHING_CHANGED } from '../../../components/ui/FormStatus';
import { useFormSubmit } from '../../../components/ui/use-form-submit';

/** Where saving leads (SPEC §4): the first video's admin page, or the course while there is no video. */
const afterSave = (lecture: LectureDto) =>
  lecture.firstVideoId
    ? `/videoAdmin/${lecture.firstVideoId}?lectureId=${lecture.id}`
    : `/courses/${lecture.courseID}`;

/** The form as loaded, give or take spaces around the title and topic (they are trimmed when saved). */
const sameLectureValues = (a: LectureFieldValues, b: LectureFieldValues) =>
  (Object.keys(a) as (keyof LectureFieldValues)[]).every((k) => a[k].trim() === b[k].trim());

/** Title, Topic and the four dates; mount with key={lecture.id} so it starts from the loaded values. */
export function EditLectureForm({ lecture }: { lecture: LectureDto }) {
  const navigate = useNavigate();
  const update = useUpdateLecture();
  const [loaded] = useState<LectureFieldValues>(() => ({
    title: lecture.title,
    topic: lecture.topic,
    ...lectureDatesFromIso(lecture),
  }));
  const [values, setValues] = useState(loaded);
  const [status, setStatus] = useState('');
  const { error, setError, busy, send } = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    const dates = lectureDatesToIso(values);
    if (!dates || !values.title.trim()) return setError(VALIDATION.metadataRequired);
    if (sameLectureValues(values, loaded)) {
      setError('');
      return setStatus(NOTHING_CHANGED);
    }
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
      <FormStatus message={status} />
      <button type="submit" disabled={busy}>
        Save Changes
      </button>
    </form>
  );
}

import { type CourseDto, ERRORS, SUCCESS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useUpdateCourse } from '../api/course-mutations';
import { FormAlert } from '../../../components/ui/FormAlert';
import { FormStatus, NOTHING_CHANGED } from '../../../components/ui/FormStatus';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { TextField } from '../../../components/ui/TextField';

/** Name, Description and whether students may answer questions (issue 24) of a course; mount with key={course.id} so it starts from the loaded values. */
export function EditCourseForm({ course }: { course: CourseDto }) {
  const update = useUpdateCourse();
  const [name, setName] = useState(course.name);
  const [description, setDescription] = useState(course.description);
  const [studentsAnswer, setStudentsAnswer] = useState(course.studentsAnswer);
  const [status, setStatus] = useState('');
  const { error, setError, busy, send } = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    if (!name.trim() || !description.trim()) return setError(VALIDATION.fillAllFields);
    const unchanged =
      name.trim() === course.name &&
      description.trim() === course.description &&
      studentsAnswer === course.studentsAnswer;
    if (unchanged) {
      setError('');
      return setStatus(NOTHING_CHANGED);
    }
    await send(
      async () => {
        await update.mutateAsync({
          id: course.id,
          body: { name: name.trim(), description: description.trim(), studentsAnswer },
        });
        toast.success(SUCCESS.courseUpdated);
      },
      { onFailure: () => toast.error(ERRORS.updateCourseFailed), staysOpen: true },
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="Name" value={name} onValue={setName} required />
      <label>
        Description
        <textarea value={description} rows={4} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={studentsAnswer}
          onChange={(event) => setStudentsAnswer(event.target.checked)}
          aria-describedby="students-answer-hint"
        />
        Students may answer questions
      </label>
      <p id="students-answer-hint" className="hint">
        Students then see their classmates’ questions still waiting for an answer (never who asked) and may
        answer them in words; you can endorse an answer, which then answers the question.
      </p>
      <FormAlert message={error} />
      <FormStatus message={status} />
      <button type="submit" disabled={busy}>
        Save Changes
      </button>
    </form>
  );
}

import {
  type CourseSummaryDto,
  type DuplicateMode,
  ERRORS,
  type LectureDto,
  type QuestionDto,
  SUCCESS,
  VALIDATION,
} from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { LectureDateFields } from '../../../components/ui/LectureDateFields';
import { lectureDatesFromIso, lectureDatesToIso } from '../../../lib/lecture-dates';
import { useDuplicateLecture } from '../api/lecture-mutations';
import { DuplicateQuestionList } from './DuplicateQuestionList';
import { FormAlert } from '../../../components/ui/FormAlert';
import { useFormSubmit } from '../../../components/ui/use-form-submit';

const PLACEHOLDER = 'Select a course to add this lecture to';

const MODES: { value: DuplicateMode; label: string }[] = [
  { value: 'duplicate', label: 'Duplicate: an independent copy of the videos and the chosen questions' },
  {
    value: 'concurrent',
    label:
      'Concurrent: share the videos, questions and responses with this lecture (titles, dates and playlist stay separate)',
  },
];

/** SPEC §2 Duplicate lecture; `targets` are the user's created courses except the lecture's own. */
export function DuplicateLectureForm({
  lecture,
  targets,
  questions,
  onViewResponse,
}: {
  lecture: LectureDto;
  targets: CourseSummaryDto[];
  questions: QuestionDto[];
  onViewResponse(question: QuestionDto): void;
}) {
  const navigate = useNavigate();
  const duplicate = useDuplicateLecture();
  const courseSelectId = useId();
  const [courseID, setCourseID] = useState('');
  const [dates, setDates] = useState(() => lectureDatesFromIso(lecture));
  const [mode, setMode] = useState<DuplicateMode>('duplicate');
  // The answered questions are ticked at first: next term's copy brings last term's answers (issue 24),
  // not the questions still waiting, whose askers are not in that course.
  const answeredIds = questions.filter((q) => q.response).map((q) => q.id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(answeredIds));
  const bringsAnswered = answeredIds.length > 0 && answeredIds.every((id) => selected.has(id));
  const { error, setError, busy, send } = useFormSubmit();

  function toggle(ids: readonly string[], checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!courseID) return setError(PLACEHOLDER);
    const isoDates = lectureDatesToIso(dates);
    if (!isoDates) return setError(VALIDATION.metadataRequired);
    const chosen = mode === 'concurrent' ? questions.map((q) => q.id) : [...selected];
    await send(
      async () => {
        await duplicate.mutateAsync({
          courseID,
          lectureID: lecture.id,
          ...isoDates,
          questions: chosen,
          mode,
        });
        toast.success(SUCCESS.lectureDuplicated);
        void navigate('/my-videos');
      },
      { onFailure: () => toast.error(ERRORS.duplicateFailed) },
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={courseSelectId} className={courseID ? undefined : 'error-text'}>
        Course
      </label>
      <select
        id={courseSelectId}
        value={courseID}
        onChange={(event) => setCourseID(event.target.value)}
        required
      >
        <option value="">{PLACEHOLDER}</option>
        {targets.map((course) => (
          <option key={course.id} value={course.id}>
            {course.name}
          </option>
        ))}
      </select>
      <LectureDateFields values={dates} onChange={setDates} applyDefaults />
      <fieldset>
        <legend>Duplication mode</legend>
        {MODES.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="radio"
              name="mode"
              value={option.value}
              checked={mode === option.value}
              onChange={() => setMode(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Questions</legend>
        {mode === 'duplicate' && answeredIds.length > 0 && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={bringsAnswered}
              onChange={(event) => toggle(answeredIds, event.target.checked)}
            />
            {`Bring the ${answeredIds.length} answered question${answeredIds.length === 1 ? '' : 's'} with their answers`}
          </label>
        )}
        <DuplicateQuestionList
          lectureId={lecture.id}
          questions={questions}
          selected={selected}
          locked={mode === 'concurrent'}
          onToggle={(id, checked) => toggle([id], checked)}
          onViewResponse={onViewResponse}
        />
      </fieldset>
      <FormAlert message={error} />
      <button type="submit" disabled={busy}>
        Duplicate Lecture
      </button>
    </form>
  );
}

import { CONFIRM, DELAYS_MS, ERRORS, SUCCESS } from '@lectern/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useDeleteQuestion } from '../api/question-mutations';

/**
 * "Delete Question": ticking the box asks for confirmation (SPEC §5); once deleted, the page goes back
 * one step after 1 s (SPEC §4).
 */
export function DeleteQuestionBox({ questionId }: { questionId: string }) {
  const remove = useDeleteQuestion();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);

  const onTick = async (ticked: boolean) => {
    if (!ticked || !window.confirm(CONFIRM.deleteQuestion)) return;
    setChecked(true);
    try {
      await remove.mutateAsync(questionId);
      toast.success(SUCCESS.questionDeleted);
      window.setTimeout(() => void navigate(-1), DELAYS_MS.redirectAfterSuccess);
    } catch {
      toast.error(ERRORS.deleteQuestion);
      setChecked(false);
    }
  };

  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => void onTick(e.target.checked)} />
      Delete Question
    </label>
  );
}

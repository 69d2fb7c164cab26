import { ERRORS, LOADING } from '@lectern/shared';
import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useQuestion } from '../../features/questions/api/questions-api';
import { DeleteQuestionBox } from '../../features/questions/components/DeleteQuestionBox';
import { EditQuestionForm } from '../../features/questions/components/EditQuestionForm';

/** Edit question (SPEC §2). */
export function EditQuestionPage() {
  const { questionId = '' } = useParams();
  const question = useQuestion(questionId);

  if (question.isPending) return <p role="status">{LOADING.questionDetails}</p>;
  if (question.isError) {
    return (
      <Page title="Edit question">
        <p role="alert">{ERRORS.questionNotFound}</p>
      </Page>
    );
  }
  return (
    <Page title="Edit question">
      <EditQuestionForm key={question.data.id} question={question.data} />
      <div className="form" style={{ marginTop: '2rem' }}>
        <DeleteQuestionBox questionId={question.data.id} />
      </div>
    </Page>
  );
}

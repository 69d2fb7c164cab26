import type { AppDeps } from '../../app-deps';
import type { createResponsesService } from './responses.service';

// A recorded meeting becomes the question's answer (issue 10) through the same service as uploads. The
// service lives in the questions routes' scope; it is kept per app, like the upload kinds.
type ImportAnswer = ReturnType<typeof createResponsesService>['importAnswer'];
const importers = new WeakMap<AppDeps, ImportAnswer>();

export function registerAnswerImport(deps: AppDeps, importAnswer: ImportAnswer): void {
  importers.set(deps, importAnswer);
}

/** Answers the question with the video at `tempPath` (consumed); null if the question is gone. */
export function importRecordedAnswer(
  deps: AppDeps,
  questionId: string,
  values: { title: string; posterId: string | null },
  tempPath: string,
): Promise<string | null> {
  const importAnswer = importers.get(deps);
  if (!importAnswer) throw new Error('The questions feature is not registered');
  return importAnswer(questionId, values, tempPath);
}

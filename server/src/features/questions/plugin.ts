import { UPLOAD_KINDS } from '@lectern/shared';
import { answerTextRoutes } from './answer-text/answer-text.routes';
import { createAnswerTextService } from './answer-text/answer-text.service';
import { definePlugin, ownScope } from '../feature';
import { flagsRoutes } from './flags/flags.routes';
import { createFlagsService } from './flags/flags.service';
import { followUpsRoutes } from './follow-ups/follow-ups.routes';
import { createFollowUpsService } from './follow-ups/follow-ups.service';
import { answerReuseRoutes } from './answer-reuse.routes';
import { createAnswerReuseService } from './answer-reuse.service';
import type { LecturePollCache } from './lecture-poll.service';
import { LectureQuestionsCache } from './lecture-questions.cache';
import { responseTarget } from './pending-response';
import { studentAnswersRoutes } from './student-answers/student-answers.routes';
import { createStudentAnswersService } from './student-answers/student-answers.service';
import type { QuestionsFeature } from './public';
import { questionsRoutes } from './questions.routes';
import { createQuestionListsService } from './question-lists.service';
import { createQuestionsService } from './questions.service';
import { findQuestion } from './questions.repository';
import { responseKind } from './response.kind';
import { settleLostRecording, settleRoomQuestion } from './room-outcome';
import { createResponsesService } from './responses.service';

/** Questions, votes and answers; an answer video is an upload kind and a processing target of its own. */
export const questionsPlugin = definePlugin({
  name: 'questions',
  dependencies: ['media', 'videos'],
  async register(app, deps) {
    const cache: LecturePollCache = new LectureQuestionsCache();
    const unfollow = cache.followEvents(deps.events);
    app.addHook('onClose', async () => unfollow());
    const questions = createQuestionsService(deps, cache, app.videos);
    const lists = createQuestionListsService(deps, app.videos);
    const responses = createResponsesService(deps, questions);
    app.videos.registerUploadKind(UPLOAD_KINDS.response, responseKind(responses));
    app.media.registerProcessingTarget('response', responseTarget(questions));
    const feature: QuestionsFeature = {
      find: findQuestion,
      settleRoom: (tx, questionId, outcome) => settleRoomQuestion(deps, tx, questionId, outcome),
      recordingLost: settleLostRecording,
      importRecordedAnswer: responses.importAnswer,
    };
    app.decorate('questions', feature);
    const reuse = createAnswerReuseService(deps, questions);
    const answerText = createAnswerTextService(deps, questions);
    const followUps = createFollowUpsService(deps, questions);
    app.videos.registerUploadKind(UPLOAD_KINDS.followUpAnswer, followUps.videos.uploadKind);
    app.media.registerProcessingTarget('followUpAnswer', followUps.videos.target);
    const studentAnswers = createStudentAnswersService(deps, questions);
    const flags = createFlagsService(deps);
    await ownScope(
      app,
      deps,
      (scope) => questionsRoutes(scope, deps, { cache, questions, responses, lists }),
      (scope) => answerReuseRoutes(scope, reuse),
      (scope) => answerTextRoutes(scope, answerText),
      (scope) => followUpsRoutes(scope, followUps),
      (scope) => studentAnswersRoutes(scope, studentAnswers),
      (scope) => flagsRoutes(scope, flags),
    );
  },
});

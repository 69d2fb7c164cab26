import { definePlugin, ownScope } from '../feature';
import { adaptationProblem, registerAdaptationJobs } from './automatic/adaptation.job';
import { engineProblem } from './automatic/configured-engine';
import { registerTranscriptionJobs } from './automatic/transcription.job';
import { captionsRoutes } from './captions.routes';

/** Captions of videos and the search through them; automatic captions as a background job (issue 25). */
export const captionsPlugin = definePlugin({
  name: 'captions',
  async register(app, deps) {
    // A missing engine or model never stops the server: it is said here, and on the captions page.
    const problem = engineProblem(deps.config);
    if (problem) app.log.warn(`Automatic captions cannot run: ${problem}`);
    // Without sphinxtrain corrections teach PocketSphinx nothing; said once, and nothing is queued.
    const noAdaptation = problem ? null : adaptationProblem(deps.config);
    if (noAdaptation) app.log.info(`PocketSphinx is not adapted to each course's voice: ${noAdaptation}`);
    registerTranscriptionJobs(deps, app.log);
    registerAdaptationJobs(deps, app.log);
    await ownScope(app, deps, captionsRoutes);
  },
});

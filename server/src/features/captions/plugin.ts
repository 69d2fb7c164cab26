import { definePlugin, ownScope } from '../feature';
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
    registerTranscriptionJobs(deps);
    await ownScope(app, deps, captionsRoutes);
  },
});

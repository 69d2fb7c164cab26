import { definePlugin, ownScope } from '../feature';
import { registerTranscriptionJobs } from './automatic/transcription.job';
import { captionsRoutes } from './captions.routes';

/** Captions of videos and the search through them; automatic captions as a background job (issue 25). */
export const captionsPlugin = definePlugin({
  name: 'captions',
  async register(app, deps) {
    registerTranscriptionJobs(deps);
    await ownScope(app, deps, captionsRoutes);
  },
});

import { definePlugin } from '../feature';
import type { ProcessingTargets } from './processing/processing.job';
import { registerProcessingJobs } from './processing/processing.jobs';
import type { MediaFeature } from './public';

/** The conversion queue's handler; the features that own a kind of upload register its target. */
export const mediaPlugin = definePlugin({
  name: 'media',
  register(app, deps) {
    const targets: ProcessingTargets = new Map();
    registerProcessingJobs(deps, targets);
    const media: MediaFeature = {
      registerProcessingTarget: (name, target) => void targets.set(name, target),
    };
    app.decorate('media', media);
  },
});

import { definePlugin, ownScope } from '../feature';
import { MEANING_BACKFILL_EVERY_MS, MEANING_BACKFILL_JOB, backfillMeanings } from './meaning-backfill';
import { sentenceEncoderProblem } from './sentence-meaning';
import { suggestionsRoutes } from './suggestions.routes';
import { wordVectorsProblem } from './word-vectors';

/** Earlier answered questions suggested while a student types a question (issue 24). */
export const suggestionsPlugin = definePlugin({
  name: 'suggestions',
  async register(app, deps) {
    // A missing or broken word table never stops the server: it matches on words alone, and says so once.
    const problem = wordVectorsProblem();
    if (problem) app.log.warn(`Suggestions match on words alone, the word table cannot be read: ${problem}`);
    deps.jobs.every(MEANING_BACKFILL_JOB, MEANING_BACKFILL_EVERY_MS, async ({ signal }) => {
      const filled = await backfillMeanings(deps.db, signal);
      if (filled > 0) app.log.info({ filled }, 'Kept the meaning of answered questions that had none');
      const encoder = sentenceEncoderProblem();
      if (encoder)
        app.log.warn(`Suggestions match without sentence meanings, the encoder cannot load: ${encoder}`);
    });
    await ownScope(app, deps, suggestionsRoutes);
  },
});

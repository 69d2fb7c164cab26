import { definePlugin, ownScope } from '../feature';
import { suggestionsRoutes } from './suggestions.routes';
import { wordVectorsProblem } from './word-vectors';

/** Earlier answered questions suggested while a student types a question (issue 24). */
export const suggestionsPlugin = definePlugin({
  name: 'suggestions',
  async register(app, deps) {
    // A missing or broken word table never stops the server: it matches on words alone, and says so once.
    const problem = wordVectorsProblem();
    if (problem) app.log.warn(`Suggestions match on words alone, the word table cannot be read: ${problem}`);
    await ownScope(app, deps, suggestionsRoutes);
  },
});

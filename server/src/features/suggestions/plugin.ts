import { definePlugin, ownScope } from '../feature';
import { suggestionsRoutes } from './suggestions.routes';

/** Earlier answered questions suggested while a student types a question (issue 24). */
export const suggestionsPlugin = definePlugin({
  name: 'suggestions',
  register: (app, deps) => ownScope(app, deps, suggestionsRoutes),
});

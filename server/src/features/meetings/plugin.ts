import { definePlugin, ownScope } from '../feature';
import { builtinRoomsRoutes } from './builtin/builtin-rooms.routes';
import { chooseMeetingProvider } from './choose-provider';
import { meetingsRoutes } from './meetings.routes';
import { createMeetingsService } from './meetings.service';

/** Live rooms for questions (BigBlueButton or the built-in room); a recording becomes the answer. */
export const meetingsPlugin = definePlugin({
  name: 'meetings',
  dependencies: ['questions'],
  async register(app, deps) {
    const { provider, bbb } = chooseMeetingProvider(deps);
    const meetings = createMeetingsService(deps, provider, app.questions);
    app.decorate('meetings', meetings);
    await ownScope(
      app,
      deps,
      (scope) => meetingsRoutes(scope, deps, meetings, bbb, app.questions),
      (scope) => builtinRoomsRoutes(scope, deps, meetings),
    );
  },
});

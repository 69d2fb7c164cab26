// What the app sees of meetings: its service, decorated as `app.meetings` by the meetings plugin. No
// feature imports meetings (it is the top layer); its own tests reach the service through the app.
import type { MeetingsService } from './meetings.service';

export type { MeetingsService } from './meetings.service';

declare module 'fastify' {
  interface FastifyInstance {
    meetings: MeetingsService;
  }
}

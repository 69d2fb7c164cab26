import type { AppDeps } from '../../app-deps';
import type { MeetingsService } from './meetings.service';

// The meetings service of an app, for the parts of this feature registered apart (the built-in room's
// signalling). Per app, like the upload kinds: two apps built in one process (tests) keep their own.
const services = new WeakMap<AppDeps, MeetingsService>();

export function registerMeetingsService(deps: AppDeps, service: MeetingsService): void {
  services.set(deps, service);
}

/** The app's meetings service; throws if the meetings feature is not registered yet. */
export function meetingsServiceOf(deps: AppDeps): MeetingsService {
  const service = services.get(deps);
  if (!service) throw new Error('The meetings feature is not registered');
  return service;
}

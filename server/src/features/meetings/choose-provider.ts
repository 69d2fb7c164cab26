import type { AppDeps } from '../../app-deps';
import { createBuiltinProvider } from './builtin/builtin-provider';
import type { MeetingProvider } from './provider';

/** BigBlueButton when BBB_URL and BBB_SECRET are set (config/env.ts), else the built-in room. */
export function chooseMeetingProvider(deps: AppDeps): MeetingProvider {
  return createBuiltinProvider(deps);
}

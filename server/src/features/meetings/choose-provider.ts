import type { AppDeps } from '../../app-deps';
import { type BbbClient, createBbbClient } from './bbb/bbb-client';
import { createBbbProvider } from './bbb/bbb-provider';
import { createBuiltinProvider } from './builtin/builtin-provider';
import type { MeetingProvider } from './provider';

/**
 * BigBlueButton when BBB_URL and BBB_SECRET are set (config/env.ts), else the built-in room; with
 * BigBlueButton, its client (for the recording import).
 */
export function chooseMeetingProvider(deps: AppDeps): { provider: MeetingProvider; bbb: BbbClient | null } {
  const settings = deps.config.bbb;
  if (!settings) return { provider: createBuiltinProvider(deps), bbb: null };
  const client = createBbbClient(settings);
  return { provider: createBbbProvider(deps, client, settings.secret), bbb: client };
}

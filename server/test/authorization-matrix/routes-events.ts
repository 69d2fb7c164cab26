import { type Row, anyUser, anyone, hiddenUntilReleased } from './table';

// GET /api/events (issue #8): who may open a stream. What each stream then carries is tested in
// server/src/features/events/events.api.test.ts.

export const eventRows: Row[] = [
  {
    method: 'GET',
    route: '/api/events',
    url: () => '/api/events',
    expect: anyUser(200),
    mutates: false,
    stream: true,
  },
  {
    method: 'GET',
    route: '/api/events',
    variant: 'following a released video by link',
    url: ({ w }) => `/api/events?videoId=${w.VA1}`,
    expect: anyone(200),
    mutates: false,
    stream: true,
  },
  {
    method: 'GET',
    route: '/api/events',
    variant: 'following an unreleased video',
    url: ({ w }) => `/api/events?videoId=${w.VU}`,
    expect: hiddenUntilReleased(200),
    mutates: false,
    stream: true,
  },
];

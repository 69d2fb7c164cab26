// The demo course's questions (issue 24), in the order its students ask them: the seed asks them through
// the API (demo-course.ts), and `npm run eval suggestions` replays them through the matcher to report the
// share of repeated questions the suggestion box would have caught. Each asks about the slide on screen
// at its moment (demo-lectures.ts: a slide every 10 s). `repeats` marks a question that asks again what
// an earlier one asked, in other words: students who did not see the earlier answer, or asked anyway.

/** The demo's lectures, by the order the seed makes them (0: motion, 1: oscillations, 2: sound, 3: light). */
export type DemoLectureIndex = 0 | 1 | 2 | 3;

export interface DemoQuestion {
  /** How `repeats` names it. */
  key: string;
  asker: 'grace' | 'kofi' | 'lena';
  lecture: DemoLectureIndex;
  /** Seconds into the lecture's video. */
  time: number;
  text: string;
  /** Answered by video right after it is asked, by the instructor or the co-instructor; else it waits. */
  answeredBy?: 'instructor' | 'coAdmin';
  /** Asked in class, live. */
  live?: boolean;
  /** The key of the earlier question this one asks again. */
  repeats?: string;
}

export const DEMO_QUESTIONS: readonly DemoQuestion[] = [
  // Answered by video: cards beside the lecture near these moments, for every later viewer.
  {
    key: 'arrowFlips',
    asker: 'grace',
    lecture: 0,
    time: 33,
    text: 'Why does the velocity arrow flip when the ball starts falling?',
    answeredBy: 'instructor',
  },
  {
    key: 'gAtTop',
    asker: 'kofi',
    lecture: 0,
    time: 24,
    text: 'Is the acceleration still 9.8 m/s² at the very top of the throw?',
    answeredBy: 'coAdmin',
  },
  {
    key: 'periodAmplitude',
    asker: 'lena',
    lecture: 1,
    time: 14,
    text: 'Why does the period not depend on how far I pull the spring?',
    answeredBy: 'instructor',
  },
  // Waiting for an answer (the instructors' Home and Action Items list them), and one live question.
  {
    key: 'heavierPendulum',
    asker: 'kofi',
    lecture: 1,
    time: 25,
    text: 'Does a heavier pendulum swing slower, or only a longer one?',
  },
  {
    key: 'slopeOfVelocity',
    asker: 'grace',
    lecture: 0,
    time: 16,
    text: 'How do we read the acceleration off the velocity graph?',
  },
  {
    key: 'springConstant',
    asker: 'kofi',
    lecture: 1,
    time: 4,
    text: 'Is k something we measure for each spring, or is it a constant we look up?',
  },
  {
    key: 'stillAccelerating',
    asker: 'lena',
    lecture: 0,
    time: 31,
    text: 'If the ball stops for an instant at the top, is the acceleration zero there?',
    repeats: 'gAtTop',
  },
  {
    key: 'pullFurther',
    asker: 'grace',
    lecture: 1,
    time: 16,
    text: 'If I stretch the spring further, shouldn’t one oscillation take longer?',
    repeats: 'periodAmplitude',
  },
  {
    key: 'velocityDirection',
    asker: 'kofi',
    lecture: 0,
    time: 36,
    text: 'When the ball falls back down, why does its velocity point the other way?',
    repeats: 'arrowFlips',
  },
  {
    key: 'vtSlope',
    asker: 'lena',
    lecture: 0,
    time: 19,
    text: 'Is the acceleration the slope of the velocity graph, like velocity is for position?',
    repeats: 'slopeOfVelocity',
  },
  {
    key: 'twoTones',
    asker: 'lena',
    lecture: 2,
    time: 36,
    text: 'Could you play the two tones again, side by side?',
    live: true,
  },
];

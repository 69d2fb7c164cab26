// What the demo's lectures show and say (issue 26): four slides of ten seconds each, whose narration is
// spoken by espeak-ng in the generated videos (scripts/demo/demo-videos.mjs) and uploaded as their
// captions, so that transcript search finds it and the questions pinned to a moment ask about what is on
// the screen then.

/** Seconds each slide is shown. */
export const SLIDE_SECONDS = 10;

export interface DemoSlide {
  title: string;
  /** Up to three short lines under the title. */
  lines: string[];
  /** Spoken while the slide shows (at most ~20 words: it must fit in SLIDE_SECONDS). */
  narration: string;
}

export const DEMO_LECTURE_SLIDES: [DemoSlide[], DemoSlide[], DemoSlide[], DemoSlide[]] = [
  [
    {
      title: 'Position and displacement',
      lines: ['x(t): where the ball is', 'displacement = x(end) - x(start)'],
      narration:
        'Position tells us where the ball is. Displacement is how far it moved, and in which direction.',
    },
    {
      title: 'Velocity',
      lines: ['v = dx/dt', 'the slope of the position graph'],
      narration: 'Velocity is the rate of change of position: the slope of the position graph.',
    },
    {
      title: 'Acceleration',
      lines: ['a = dv/dt', 'near the ground: g = 9.8 m/s² downwards'],
      narration:
        'Acceleration is the slope of the velocity graph. Near the ground, gravity gives 9.8 metres per second squared.',
    },
    {
      title: 'A ball thrown upwards',
      lines: ['v points up, shrinks, then points down', 'a points down the whole time'],
      narration:
        'Thrown upwards, the ball slows, stops at the top, and falls. Its acceleration points down throughout.',
    },
  ],
  [
    {
      title: 'The spring',
      lines: ['F = -k x', 'the force pulls back towards the middle'],
      narration: 'A spring pulls back with a force proportional to how far it is stretched.',
    },
    {
      title: 'The period of a spring',
      lines: ['T = 2π √(m / k)', 'no amplitude in the formula'],
      narration: 'The period depends on the mass and the stiffness, but not on how far you pull it.',
    },
    {
      title: 'The pendulum',
      lines: ['T = 2π √(L / g)', 'no mass in the formula'],
      narration: 'For a small swing, the period of a pendulum depends only on its length and on gravity.',
    },
    {
      title: 'Energy sloshes back and forth',
      lines: ['kinetic at the middle', 'potential at the ends'],
      narration: 'Energy moves between kinetic and potential, twice in every period.',
    },
  ],
  [
    {
      title: 'Sound is a pressure wave',
      lines: ['air squeezed and stretched', 'about 343 m/s in air'],
      narration: 'Sound is a pressure wave: the air is squeezed and stretched as the wave passes.',
    },
    {
      title: 'Pitch is frequency',
      lines: ['440 Hz: the A above middle C', 'twice the frequency: one octave up'],
      narration: 'The pitch we hear is the frequency of the wave. Doubling it raises the note by an octave.',
    },
    {
      title: 'Loudness is amplitude',
      lines: ['decibels: a logarithmic scale', '+10 dB: ten times the intensity'],
      narration: 'Loudness follows the amplitude. Every ten decibels means ten times the intensity.',
    },
    {
      title: 'Two tones, side by side',
      lines: ['440 Hz and 660 Hz', 'a perfect fifth'],
      narration: 'Two tones of 440 and 660 hertz sound pleasant together: their ratio is three to two.',
    },
  ],
  [
    {
      title: 'Reflection',
      lines: ['angle in = angle out', 'measured from the normal'],
      narration: 'A mirror reflects light at the same angle as it arrived, measured from the normal.',
    },
    {
      title: "Refraction: Snell's law",
      lines: ['n₁ sin θ₁ = n₂ sin θ₂', 'light bends entering glass'],
      narration:
        "Entering glass, light slows down and bends towards the normal. Snell's law tells us how much.",
    },
    {
      title: 'Total internal reflection',
      lines: ['beyond the critical angle', 'how optical fibres carry light'],
      narration: 'Beyond the critical angle, no light leaves the glass. Optical fibres rely on this.',
    },
    {
      title: 'Why the sky is blue',
      lines: ['air scatters short wavelengths most', 'blue scatters more than red'],
      narration: 'Air scatters blue light far more than red light, so the whole sky glows blue.',
    },
  ],
];

/** What the answer videos show and say. */
export const DEMO_ANSWER_SLIDE: DemoSlide = {
  title: 'Your question',
  lines: ['step by step'],
  narration: 'Thanks for asking. Let us look at this moment again, step by step.',
};

const timestamp = (seconds: number) => `00:00:${String(seconds).padStart(2, '0')}.000`;

/** The slides' narration as WebVTT: one cue per slide, while it shows. */
export function slidesVtt(slides: DemoSlide[]): string {
  const cues = slides.map(
    (slide, i) =>
      `${timestamp(i * SLIDE_SECONDS)} --> ${timestamp((i + 1) * SLIDE_SECONDS - 1)}\n${slide.narration}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

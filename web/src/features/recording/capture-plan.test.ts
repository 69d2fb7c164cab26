import { describe, expect, it } from 'vitest';
import { deviceProblem, describeSources, planCapture } from './capture-plan';

describe('planCapture', () => {
  it('records everything asked for when every device answers', () => {
    expect(planCapture('screenWithCamera', { screen: 'ok', camera: 'ok', microphone: 'ok' })).toEqual({
      ok: true,
      sources: { video: 'screenWithCamera', audio: true },
      notes: [],
    });
  });

  it('refuses camera mode without a camera and points to the screen', () => {
    const plan = planCapture('camera', { camera: 'NotAllowedError', microphone: 'NotAllowedError' });
    expect(plan).toEqual({
      ok: false,
      problem:
        "Camera access was denied. Allow it in your browser's site settings and try again. You can still record your screen. " +
        "Microphone access was denied. Allow it in your browser's site settings and try again. The recording will have no sound.",
    });
  });

  it('records without sound when the microphone is missing, and says so', () => {
    expect(planCapture('camera', { camera: 'ok', microphone: 'NotFoundError' })).toEqual({
      ok: true,
      sources: { video: 'camera', audio: false },
      notes: ['No microphone was found. The recording will have no sound.'],
    });
  });

  it('falls back to the screen alone when the corner camera is missing', () => {
    expect(
      planCapture('screenWithCamera', { screen: 'ok', camera: 'NotReadableError', microphone: 'ok' }),
    ).toEqual({
      ok: true,
      sources: { video: 'screen', audio: true },
      notes: [
        'The camera is in use by another application or could not be started. Recording the screen only.',
      ],
    });
  });

  it('stops when the screen picker is cancelled, pointing to the camera', () => {
    expect(planCapture('screen', { screen: 'NotAllowedError', microphone: 'ok' })).toEqual({
      ok: false,
      problem: 'Screen sharing was cancelled or is blocked. You can record your camera instead.',
    });
  });
});

describe('deviceProblem and describeSources', () => {
  it('names unknown refusals instead of hiding them', () => {
    expect(deviceProblem('camera', 'WeirdError')).toBe('Camera could not be used (WeirdError).');
    expect(deviceProblem('screen', 'TypeError')).toBe('This browser cannot use the screen here.');
  });

  it('says what is being recorded, and when there is no sound', () => {
    expect(describeSources({ video: 'screenWithCamera', audio: true })).toBe(
      'your screen with your camera in a corner and microphone',
    );
    expect(describeSources({ video: 'screen', audio: false })).toBe('your screen without sound');
  });
});

import { describe, expect, it } from 'vitest';
import { SignupBody } from './schemas/auth';
import { CreateCourseBody } from './schemas/courses';
import { stripInvisible } from './text';

describe('invisible characters in names (issue 12)', () => {
  it('drops bidi controls, zero-width characters and the BOM, and nothing else', () => {
    expect(
      stripInvisible('\u202Egnp.exe\u202C \u200Bx\u200C\u200D\u2060\uFEFF\u2066y\u2069\u200E\u200F'),
    ).toBe('gnp.exe xy');
    expect(stripInvisible('Zoë Ångström 李雷 محمد')).toBe('Zoë Ångström 李雷 محمد');
  });

  it('drops every default-ignorable code point and the Hangul fillers, which show as blanks (issue 20)', () => {
    expect(stripInvisible('\u3164')).toBe('');
    expect(stripInvisible('A\u115F\u1160\uFFA0\u00AD\u034F\uFE0F\u{E0041}\u{1D173}B')).toBe('AB');
    expect(
      SignupBody.safeParse({ name: '\u3164', email: 'a@b.example', password: 'long enough' }).success,
    ).toBe(false);
  });

  it('is applied to user and course names, so a name of nothing else is empty', () => {
    expect(
      SignupBody.parse({ name: 'Ad\u202Emin', email: 'a@b.example', password: 'long enough' }).name,
    ).toBe('Admin');
    expect(CreateCourseBody.safeParse({ name: '\u200B\u202E', description: 'x' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { type UpcomingLecture, upcomingLectures } from './upcoming';

const lecture = (id: string, lectureDate: string, liveMinutes = 75): UpcomingLecture => ({
  id,
  title: id,
  courseName: 'C',
  lectureDate,
  lectureDateStart: lectureDate,
  lectureDateEnd: new Date(Date.parse(lectureDate) + liveMinutes * 60_000).toISOString(),
  firstVideoId: null,
});

describe('upcomingLectures', () => {
  it('keeps lectures dated now or later, earliest first, without duplicates', () => {
    const now = Date.parse('2026-03-01T09:00:00Z');
    const result = upcomingLectures(
      [
        lecture('late', '2026-03-09T09:00:00Z'),
        lecture('past', '2026-02-28T09:00:00Z'),
        lecture('now', '2026-03-01T09:00:00Z'),
        lecture('late', '2026-03-09T09:00:00Z'),
      ],
      now,
    );
    expect(result.map((l) => l.id)).toEqual(['now', 'late']);
  });

  it('keeps a lecture that has started while its live window is open', () => {
    const now = Date.parse('2026-03-01T09:30:00Z');
    const result = upcomingLectures(
      [lecture('live', '2026-03-01T09:00:00Z'), lecture('over', '2026-03-01T09:00:00Z', 20)],
      now,
    );
    expect(result.map((l) => l.id)).toEqual(['live']);
  });
});

import type { LectureDto } from '@lectern/shared';
import { Link } from 'react-router';

/**
 * Course › lecture, where every lecture page sits (issue 11 #3), as a breadcrumb landmark (WAI-ARIA
 * pattern). The course links to its page when the viewer may open it: a lecture shared by link arrives
 * without its course id (the course's join code). `lectureHref` links the lecture when the page is below it.
 */
export function LectureBreadcrumb({
  lecture,
  lectureHref,
}: {
  lecture: Pick<LectureDto, 'title' | 'courseID' | 'parentCourse'> | undefined;
  lectureHref?: string;
}) {
  if (!lecture) return null;
  const course = lecture.parentCourse.name;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>{lecture.courseID ? <Link to={`/courses/${lecture.courseID}`}>{course}</Link> : course}</li>
        <li>
          {lectureHref ? (
            <Link to={lectureHref}>{lecture.title}</Link>
          ) : (
            <span aria-current="page">{lecture.title}</span>
          )}
        </li>
      </ol>
    </nav>
  );
}

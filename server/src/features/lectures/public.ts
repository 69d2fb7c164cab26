// What other features may use of lectures (the import-boundary rule in eslint.config.js keeps them out
// of its repository): a course lists its lectures, videos are placed in playlists, joins find the first
// video; videos remove from playlists through the lectures service's rule.
export { appendToPlaylist, lecturesOfCourse, playlistsOf, videosOfLecture } from './lectures.repository';
export { createLecturesService } from './lectures.service';

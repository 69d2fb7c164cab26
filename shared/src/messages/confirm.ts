export const CONFIRM = {
  deleteQuestion: 'Are you sure you want to delete this question? This action cannot be reversed.',
  deleteLecture: 'Are you sure you want to delete this lecture? This action cannot be reversed.',
  deleteCourse: 'Are you sure you want to delete this course? This action cannot be reversed.',
  removeVideo: 'Remove this video from the lecture? This cannot be undone.',
  fullscreen:
    'Full screen mode is not supported for showing questions. Please exit full screen to see the questions and get the most out of this lecture platform.',
} as const;

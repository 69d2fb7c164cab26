export const LOADING = {
  session: 'Loading...',
  redirecting: 'Redirecting...',
  data: 'Loading data...',
  courses: 'Loading courses…',
  questions: 'Loading questions...',
  questionDetails: 'Loading question details...',
  videoAndQuestions: 'Loading video and questions...',
} as const;

export const STATUS_TEXT = {
  liveWaiting: 'A student is waiting in a virtual room. Join this meeting as soon as you can.',
  processing: 'Processing video response....',
  processingOverwrite: 'Responding again may overwrite the response that is being processed.',
  meetingEnded: 'Please close this window to return to the lecture.',
  noPendingLectureQuestions: 'No pending questions to answer for this lecture.',
  noAnsweredInLecture: 'No questions have been answered in this lecture yet.',
  actionItemsEmpty:
    'You do not currently have anything that needs to be dealt with. When questions are asked in videos you posted, this page will list them so you can respond to them.',
  noUsage: 'No activity yet.',
  noVideoIdInRoute: 'No videoId in route.',
} as const;

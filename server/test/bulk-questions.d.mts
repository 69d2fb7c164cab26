/** See bulk-questions.sql for what each value means. */
export interface BulkQuestions {
  owner: string;
  tag: string;
  courses: number;
  perVideo: number;
  answeredEvery: number;
  response: string;
}

export function bulkQuestionsSql(values: BulkQuestions): string[];

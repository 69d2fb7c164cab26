import { describe, expect, it } from 'vitest';
import { AGS_SCOPE, gradebookOf, scoresUrlOf } from './grade-service';
import { CLAIM } from './lti-claims';

describe('the AGS endpoint claim', () => {
  const claim = (value: unknown) => ({ [CLAIM.agsEndpoint]: value });
  const both = [AGS_SCOPE.lineItem, AGS_SCOPE.score];

  it('offers the gradebook with a line items container and both scopes', () => {
    expect(gradebookOf(claim({ lineitems: 'https://lms.example.edu/c/1/lineitems', scope: both }))).toEqual({
      lineItemsUrl: 'https://lms.example.edu/c/1/lineitems',
      scopes: both,
    });
  });

  it('offers nothing without the container, either scope, or with a URL that is not http(s)', () => {
    expect(gradebookOf({})).toBeNull();
    expect(gradebookOf(claim({ scope: both }))).toBeNull();
    expect(
      gradebookOf(claim({ lineitems: 'https://lms.example.edu/li', scope: [AGS_SCOPE.score] })),
    ).toBeNull();
    expect(gradebookOf(claim({ lineitems: 'javascript:alert(1)', scope: both }))).toBeNull();
  });
});

describe('the score publish URL of a line item', () => {
  it('adds /scores to the path and keeps the query (AGS §3.4)', () => {
    expect(scoresUrlOf('https://lms.example.edu/li/7?type_id=2')).toBe(
      'https://lms.example.edu/li/7/scores?type_id=2',
    );
    expect(scoresUrlOf('https://lms.example.edu/li/7/')).toBe('https://lms.example.edu/li/7/scores');
  });
});

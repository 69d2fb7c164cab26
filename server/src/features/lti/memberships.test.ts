import { describe, expect, it } from 'vitest';
import { CLAIM } from './lti-claims';
import { membershipsUrlOf, nextPageUrl, parsePage } from './memberships';
import { activeMembers } from './roster-sync';

const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const PAGE = 'https://lms.example.edu/api/nrps/42?page=1';

describe('nextPageUrl', () => {
  it('finds rel="next" among other links, resolved against the page', () => {
    const link =
      '<https://lms.example.edu/api/nrps/42?page=1>; rel="first", </api/nrps/42?page=2>; rel="next"';
    expect(nextPageUrl(link, PAGE)).toBe('https://lms.example.edu/api/nrps/42?page=2');
  });
  it('reads rel without quotes and among several relation types', () => {
    expect(nextPageUrl('<https://x.test/p2>; rel=next', PAGE)).toBe('https://x.test/p2');
    expect(nextPageUrl('<https://x.test/p2>; rel="prev next"', PAGE)).toBe('https://x.test/p2');
  });
  it('is null without a next link', () => {
    expect(nextPageUrl(null, PAGE)).toBeNull();
    expect(nextPageUrl('<https://x.test/d>; rel="differences"', PAGE)).toBeNull();
  });
});

describe('parsePage', () => {
  it('keeps well-formed members and skips the others', () => {
    const body = JSON.stringify({
      id: PAGE,
      members: [{ user_id: 'a', roles: [LEARNER], status: 'Active' }, { roles: [LEARNER] }, 'x'],
    });
    expect(parsePage(body)).toEqual([{ user_id: 'a', roles: [LEARNER], status: 'Active' }]);
  });
  it('refuses what is not JSON or not a membership container', () => {
    expect(() => parsePage('{"members": ')).toThrow(/not JSON/);
    expect(() => parsePage('{"members": "all"}')).toThrow(/not a membership container/);
  });
});

describe('activeMembers', () => {
  it('gives Active members with a course role their Lectern role; Inactive and role-less members none', () => {
    const got = activeMembers([
      { user_id: 'i', roles: [INSTRUCTOR] },
      { user_id: 'l', roles: [LEARNER], status: 'Active' },
      { user_id: 'gone', roles: [LEARNER], status: 'Inactive' },
      { user_id: 'deleted', roles: [INSTRUCTOR], status: 'Deleted' },
      {
        user_id: 'staff',
        roles: ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator'],
      },
    ]);
    expect(got.map((m) => [m.member.user_id, m.role])).toEqual([
      ['i', 'admin'],
      ['l', 'student'],
    ]);
  });
});

describe('membershipsUrlOf', () => {
  it('reads the NRPS 2.0 claim, and ignores one without 2.0 or without an http(s) URL', () => {
    const claim = (value: unknown) => ({ [CLAIM.namesRoleService]: value });
    expect(membershipsUrlOf(claim({ context_memberships_url: PAGE, service_versions: ['2.0'] }))).toBe(PAGE);
    expect(membershipsUrlOf(claim({ context_memberships_url: PAGE, service_versions: ['1.0'] }))).toBeNull();
    expect(
      membershipsUrlOf(claim({ context_memberships_url: 'file:///etc/passwd', service_versions: ['2.0'] })),
    ).toBeNull();
    expect(membershipsUrlOf({})).toBeNull();
  });
});

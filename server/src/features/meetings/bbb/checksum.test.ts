import { describe, expect, it } from 'vitest';
import { checksum, encodeParam, queryString, signedUrl } from './checksum';

// The vectors of the BigBlueButton API documentation (and computed with the same secret).
const SECRET = '639259d4-9dd8-4b25-bf01-95f9567eaf4b';
const CREATE = 'name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444';

describe('BigBlueButton checksum', () => {
  it('matches the documented create example with SHA-1 and SHA-256', () => {
    expect(checksum('create', CREATE, SECRET, 'sha1')).toBe('1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17');
    expect(checksum('create', CREATE, SECRET, 'sha256')).toBe(
      'da9185f7f333cfdfcd6eeac32dca3777510c4c436020d8b887ba5515bd1d189e',
    );
  });

  it('matches the join, isMeetingRunning and empty-query vectors', () => {
    const join = 'meetingID=abc123&fullName=Jane+Doe&role=VIEWER&userID=u42';
    expect(checksum('join', join, SECRET, 'sha1')).toBe('800662a3de61e4a21c00f14401401b54c1e2dde4');
    expect(checksum('join', join, SECRET, 'sha256')).toBe(
      '4aec1d8ef94106a0d0c5a365e584750c963b0620eb6bb26d52e7f8ddeda4249d',
    );
    expect(checksum('isMeetingRunning', 'meetingID=abc123', SECRET, 'sha256')).toBe(
      '0d7030d1b5af6624c3e8909540eb2747a33d993a4951fb3bde9462025e41dcdb',
    );
    expect(checksum('getMeetings', '', SECRET, 'sha1')).toBe('2027baa7771026e9e93392f55031535d1444c41f');
  });

  it('builds the documented query string and signs exactly what it sends', () => {
    const params = { name: 'Test Meeting', meetingID: 'abc123', attendeePW: '111222', moderatorPW: '333444' };
    expect(queryString(params)).toBe(CREATE);
    expect(signedUrl('https://bbb.example/bigbluebutton/', 'create', params, SECRET, 'sha1')).toBe(
      `https://bbb.example/bigbluebutton/api/create?${CREATE}&checksum=1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17`,
    );
    expect(signedUrl('https://b/', 'getMeetings', {}, SECRET, 'sha1')).toBe(
      'https://b/api/getMeetings?checksum=2027baa7771026e9e93392f55031535d1444c41f',
    );
  });
});

describe('parameter encoding', () => {
  it('percent-encodes UTF-8 and reserved characters, a space as +', () => {
    expect(encodeParam('Jane Doe')).toBe('Jane+Doe');
    expect(encodeParam('Zoë & Ana=1+1?')).toBe('Zo%C3%AB+%26+Ana%3D1%2B1%3F');
    expect(encodeParam('https://l.example/api/x?token=a/b')).toBe(
      'https%3A%2F%2Fl.example%2Fapi%2Fx%3Ftoken%3Da%2Fb',
    );
  });

  it('leaves out undefined parameters and keeps the given order', () => {
    expect(queryString({ b: '2', a: undefined, c: 'x y' })).toBe('b=2&c=x+y');
  });
});

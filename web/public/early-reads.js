// Starts the first API reads of a cold load while the app's bundle is still downloading and compiling
// (issue 14: the watch page's first frame). A classic script before the bundle, so it runs first; the
// app takes each answer once, by URL, instead of asking again (web/src/lib/early-reads.ts). It must
// build the very URLs the app requests: the session check (features/auth/api/session.ts) and the watch
// page's video read (features/questions/api/video-with-questions.ts). A URL that differs is only a
// wasted read, never a wrong answer.
/* global window, location */
(function () {
  var reads = new Map();
  window.lecternEarlyReads = reads;
  var headers = { accept: 'application/json' };
  try {
    var session = JSON.parse(localStorage.getItem('lectern.session') || 'null');
    if (session && typeof session.token === 'string') headers.authorization = 'Bearer ' + session.token;
  } catch {
    // no readable session: anonymous reads
  }
  function read(url) {
    var answer = fetch(url, { headers: headers });
    answer.catch(function () {}); // the app reports a failure when it takes the answer
    reads.set(url, answer);
  }
  if (headers.authorization) read('/api/login');
  var watch = /^\/video\/([^/]+)(?:\/[^/]+)?\/?$/i.exec(location.pathname);
  if (watch) {
    var lectureId = new URLSearchParams(location.search).get('lectureId');
    try {
      read(
        '/api/upload/' +
          decodeURIComponent(watch[1]) +
          (lectureId ? '?lectureId=' + encodeURIComponent(lectureId) : ''),
      );
    } catch {
      // a malformed path: the page reports it
    }
  }
})();

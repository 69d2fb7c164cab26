// Starts the first API reads of a cold load while the app's bundle is still downloading and compiling
// (issue 14: the watch page's first frame). Inlined in the page's <head> by the build
// (build-tools/inline-scripts.ts), so it runs as soon as the parser reaches it, before the bundle and
// its chunks are even requested; the server allows it in the CSP by its hash. The
// app takes each answer once, by URL, instead of asking again (web/src/lib/early-reads.ts). It must
// build the very URLs the app requests: the session check (features/auth/api/session.ts) and the watch
// page's video read (features/questions/api/video-with-questions.ts). A URL that differs is only a
// wasted read, never a wrong answer.
// With the video read's answer it also shows the watch page's shell with its <video> for a local file,
// so the media download starts before the app has rendered; the player adopts that element when it
// mounts (features/player/components/Html5Player.tsx) and owns it from then on.
/* global window, document, location */
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
    var answer = fetch(url, { headers: headers, priority: 'high' });
    answer.catch(function () {}); // the app reports a failure when it takes the answer
    reads.set(url, answer);
    return answer;
  }
  // The watch page's shell (watch-shell.html) shows the video read's video, if the server has not filled it
  // already. The page is parsed by the time an answer comes. Resolves once the <video>'s media request is
  // on its way, or there is none: the page's chunks are requested after it (the preload script of
  // build-tools/page-preloads.ts), so that HTTP/1.1's six connections serve the video first.
  function showInShell(answer) {
    return (
      answer
        // A copy: the app reads the original answer itself. This .then runs before the app's.
        .then(function (response) {
          return response.ok ? response.clone().json() : null;
        })
        .then(function (video) {
          var shell = document.getElementById('early-watch');
          var element = shell && shell.querySelector('video');
          if (!element || element.getAttribute('src')) return;
          if (!video || video.sourceType !== 'localFile' || !/^\/media\//.test(video.videoSource)) return;
          shell.querySelector('h1').textContent = video.title;
          element.setAttribute('aria-label', video.title);
          element.src = video.videoSource;
          shell.hidden = false;
          return new Promise(function (requested) {
            element.addEventListener('loadstart', requested, { once: true });
            element.addEventListener('error', requested, { once: true });
          });
        })
        .catch(function () {})
    );
  }
  var settled = Promise.resolve();
  if (headers.authorization) read('/api/login');
  var watch = /^\/video\/([^/]+)(?:\/[^/]+)?\/?$/i.exec(location.pathname);
  if (watch) {
    var lectureId = new URLSearchParams(location.search).get('lectureId');
    try {
      settled = showInShell(
        read(
          '/api/upload/' +
            decodeURIComponent(watch[1]) +
            (lectureId ? '?lectureId=' + encodeURIComponent(lectureId) : ''),
        ),
      );
    } catch {
      // a malformed path: the page reports it
    }
  }
  window.lecternEarlyReadsSent = settled;
})();

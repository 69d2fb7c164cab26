// Starts the first API reads of a cold load before the app's bundle runs (issue 14: the watch page's
// first frame). The build inlines it at the end of the page's <body> (build-tools/inline-scripts.ts), so
// it runs as soon as the parser reaches it; the server allows it in the CSP by its hash. The app takes
// each answer once, by URL, instead of asking again (web/src/lib/early-reads.ts). It must build the very
// URLs the app requests: the session check (features/auth/api/session.ts) and the watch page's video read
// (features/questions/api/video-with-questions.ts). A URL that differs is only a wasted read, never a
// wrong answer.
// On a watch page it also sees to the shell's <video> (watch-shell.html): the server has given it its
// source when anyone may watch the video, else the video read's answer does here. The player adopts
// that element when it mounts (features/player/components/Html5Player.tsx).
// `lecternFirstFrame` resolves once the shell's video has its first frame (or has none to wait for, or
// after APP_WAIT_MS): a watch page starts the app then (build-tools/page-preloads.ts), because the app's
// chunks would hold the network and its start the main thread while the video's first frame arrives.
/* global window, document, location */
(function () {
  var APP_WAIT_MS = 500;
  var reads = new Map();
  window.lecternEarlyReads = reads;
  var headers;
  // Read at the first read, not before: a cold page's first look at localStorage is a synchronous trip to
  // the browser process, which held up the first frame of a page whose video the server gave by ~7 ms.
  function readHeaders() {
    if (headers) return headers;
    headers = { accept: 'application/json' };
    try {
      var session = JSON.parse(localStorage.getItem('lectern.session') || 'null');
      if (session && typeof session.token === 'string') headers.authorization = 'Bearer ' + session.token;
    } catch {
      // no readable session: anonymous reads
    }
    return headers;
  }
  function read(url) {
    var answer = fetch(url, { headers: readHeaders(), priority: 'high' });
    answer.catch(function () {}); // the app reports a failure when it takes the answer
    reads.set(url, answer);
    return answer;
  }
  function firstFrame(video) {
    return new Promise(function (shown) {
      if (video.readyState >= 2) return shown();
      video.addEventListener('loadeddata', shown, { once: true });
      video.addEventListener('error', shown, { once: true });
      setTimeout(shown, APP_WAIT_MS);
    });
  }
  // The shell shows the video read's video, a local file, with its title.
  function showInShell(shell, video, answer) {
    return (
      answer
        // A copy: the app reads the original answer itself. This .then runs before the app's.
        .then(function (response) {
          return response.ok ? response.clone().json() : null;
        })
        .then(function (found) {
          if (!found || found.sourceType !== 'localFile' || !/^\/media\//.test(found.videoSource)) return;
          shell.querySelector('h1').textContent = found.title;
          video.setAttribute('aria-label', found.title);
          video.src = found.videoSource;
          shell.hidden = false;
          return firstFrame(video);
        })
        .catch(function () {})
    );
  }

  // A watch page whose shell the server filled reads nothing until the video has its first frame: the
  // reads would hold the network before the video's first request (Chromium holds low-priority requests
  // back while high-priority ones are under way), and the app needs their answers only when it starts.
  var shown = Promise.resolve();
  var watch = /^\/video\/([^/]+)(?:\/[^/]+)?\/?$/i.exec(location.pathname);
  var shell = watch && document.getElementById('early-watch');
  var video = shell && shell.querySelector('video');
  if (video && video.getAttribute('src')) shown = firstFrame(video);
  shown.then(function () {
    if (readHeaders().authorization) read('/api/login');
  });
  if (watch) {
    var lectureId = new URLSearchParams(location.search).get('lectureId');
    try {
      var videoRead =
        '/api/upload/' +
        decodeURIComponent(watch[1]) +
        (lectureId ? '?lectureId=' + encodeURIComponent(lectureId) : '');
      if (video && !video.getAttribute('src')) shown = showInShell(shell, video, read(videoRead));
      else
        shown.then(function () {
          read(videoRead);
        });
    } catch {
      // a malformed path: the page reports it
    }
  }
  window.lecternFirstFrame = shown;
})();

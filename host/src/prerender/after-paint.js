/*
 * The one script of login.html, ahead of the portal's: it starts the host bundle (the
 * `data-main` of its own tag) only once the pre-rendered sign-in card has been painted (the
 * browser's first-contentful-paint entry), so the card's stylesheet has the network to itself
 * and the first frame never waits on JavaScript. A hidden tab paints nothing: there the bundle
 * starts at once. Plain ES5 and no imports: it is copied as it is (host/webpack.config.js),
 * never bundled.
 */
(function () {
  var tag = document.currentScript;
  var main = tag && tag.getAttribute('data-main');
  if (!main) return;
  var started = false;
  var observer = null;
  function start() {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    var script = document.createElement('script');
    script.src = main;
    document.head.appendChild(script);
  }
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  document.addEventListener('visibilitychange', start, { once: true });
  try {
    observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch (_unsupported) {
    // No paint timing: a task queued from a frame callback runs after that frame's paint.
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // A page that somehow never paints still starts.
  setTimeout(start, 3000);
})();

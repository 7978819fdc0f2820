// Starts a server-rendered dashboard page's scripts once the page has been painted
// (docs/decisions/379-staff-page-usable-before-its-scripts.md), so on a slow phone connection the
// first screen does not share the line with the scripts that make it work. The entry script, then
// the staff app's and tab's files, as the module preloads they replace.
(function () {
  var me = document.currentScript;
  var started = false;
  // Asked for a few at a time: adding forty preloads in one go held a phone's main thread for
  // most of a second.
  var BATCH = 3;
  function preload(hrefs) {
    hrefs.slice(0, BATCH).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.appendChild(link);
    });
    if (hrefs.length > BATCH) setTimeout(preload, 0, hrefs.slice(BATCH));
  }
  function start() {
    if (started) return;
    started = true;
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = me.getAttribute('data-entry');
    document.head.appendChild(entry);
    preload((me.getAttribute('data-preload') || '').split(' ').filter(Boolean));
  }
  // A page with nothing drawn (the copy kept for use offline), or in the background, is never
  // painted; a browser that reports no paint is not waited for long.
  var root = document.getElementById('root');
  if (!root || !root.firstElementChild || document.visibilityState !== 'visible' || typeof PerformanceObserver !== 'function') return start();
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    return start();
  }
  setTimeout(start, 1000);
})();

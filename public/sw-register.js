// Registers the dashboard's service worker (docs/decisions/188-installable-dashboard.md). Only the
// staff pages load this file, and the worker's scope is /dashboard, so the public site never gets
// one. It runs on every staff page (sign-in included) because signing in reaches /dashboard
// without a page load.
//
// Installing fetches and stores the whole build, which on a phone's two cores slows the page
// coming to life; so the worker is registered once the page has loaded and then had a few quiet
// seconds (docs/decisions/387-service-worker-after-the-page-settles.md).
(function () {
  if (!('serviceWorker' in navigator)) return;
  var SETTLE_MS = 3000;
  function register() {
    navigator.serviceWorker.register('/sw.js', { scope: '/dashboard' }).catch(function (err) {
      console.warn('Service worker not registered:', err);
    });
  }
  function whenIdle() {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: 2000 });
    else register();
  }
  function afterLoad() {
    setTimeout(whenIdle, SETTLE_MS);
  }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad);
})();

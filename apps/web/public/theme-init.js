// Runs before the first paint so a dark-theme visitor never sees a light flash.
// Reads the zustand-persisted `theme` entry: {"state":{"theme":"dark"},"version":0}.
;(function () {
  try {
    var raw = localStorage.getItem('theme')
    var theme = raw ? JSON.parse(raw).state.theme : 'light'
    if (theme === 'dark') document.documentElement.classList.add('dark')
  } catch {
    /* no storage or a malformed value: stay light */
  }
})()

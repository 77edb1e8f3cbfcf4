// Runs before the first paint and before the app's scripts; a file, since the CSP forbids
// inline script.
;(function () {
  // zod compiles object schemas with `new Function` when it can, and finds out by trying once:
  // under our CSP (no 'unsafe-eval') that try is reported as a violation, though zod catches it.
  // Its shared config object, read when zod loads, turns the compiler and the try off.
  ;(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true

  // The stored theme, so a dark-theme visitor never sees a light flash. Reads the
  // zustand-persisted `theme` entry: {"state":{"theme":"dark"},"version":0}.
  try {
    var raw = localStorage.getItem('theme')
    var theme = raw ? JSON.parse(raw).state.theme : 'light'
    if (theme === 'dark') document.documentElement.classList.add('dark')
  } catch {
    /* no storage or a malformed value: stay light */
  }

  // The home page opens on a random hero picture (spec §2). A page the server rendered has
  // chosen it, marked it on <html> and carries the picture and its preload already. Without
  // one it is chosen and preloaded here, so the page's largest paint does not wait for the
  // app's JavaScript; the hero reads the choice from data-hero (features/home/hero.tsx).
  if (location.pathname === '/' && !document.documentElement.hasAttribute('data-hero')) preloadHero()
  // Invoker commands: a button with `commandfor` opens or closes its dialog by itself (decision 299).
  var commandsRun = 'command' in HTMLButtonElement.prototype
  recordEarlyTaps()
  leaveCommandTapsToTheBrowser()
  startAppAfterPaint()

  function preloadHero() {
    var names = ['hero-1', 'hero-2', 'hero-3', 'hero-4']
    var name = names[Math.floor(Math.random() * names.length)]
    var base = '/uploads/site/' + name
    document.documentElement.setAttribute('data-hero', name)
    var link = document.createElement('link')
    link.setAttribute('rel', 'preload')
    link.setAttribute('as', 'image')
    link.setAttribute('href', base + '-640.webp')
    // The same srcset and sizes as the hero's <img>, or the browser fetches a second file.
    link.setAttribute(
      'imagesrcset',
      [320, 640, 960]
        .map(function (width) {
          return base + '-' + width + '.webp ' + width + 'w'
        })
        .join(', '),
    )
    link.setAttribute('imagesizes', '100vw')
    link.setAttribute('fetchpriority', 'high')
    document.head.appendChild(link)
  }

  // The app's scripts (listed in #app-scripts by the build) load once a rendered page has
  // painted, at once where there is no paint to wait for (decisions 098 and 265; this file
  // is served as written and counts in `npm run check:bundle`, so the reasons are there).
  function startAppAfterPaint() {
    whenParsed(function () {
      var listing = document.getElementById('app-scripts')
      if (!listing) return
      var scripts = JSON.parse(listing.textContent)
      var started = false
      function start() {
        if (started) return
        started = true
        load(scripts)
      }
      var root = document.getElementById('root')
      var rendered = root && root.hasChildNodes()
      var canWatchPaint =
        typeof PerformanceObserver === 'function' &&
        (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1
      if (!rendered || !canWatchPaint || document.visibilityState === 'hidden') return start()
      var observer = new PerformanceObserver(function (entries) {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        start()
      })
      observer.observe({ type: 'paint', buffered: true })
      document.addEventListener('visibilitychange', start, { once: true })
      setTimeout(start, 5000)
    })
  }

  // The server's buttons have no handlers until the app hydrates: the last one tapped is
  // kept, and the app presses it again then (src/lib/early-tap.ts, decision 266). A button
  // that opens or closes a dialog by its command has already answered (decision 299), where
  // the browser runs commands: pressing it again would undo what the visitor did since.
  function recordEarlyTaps() {
    var last = null
    function record(event) {
      var button = event.target instanceof Element ? event.target.closest('#root button') : null
      if (!button || button.disabled) return
      if (commandsRun && button.hasAttribute('commandfor')) return
      last = button
    }
    // A form in a dialog the browser opened (the purchase popup) must not be sent as a page
    // request: its button, kept above, is pressed again once the app can add to the cart.
    function holdDialogForm(event) {
      if (event.target instanceof Element && event.target.closest('#root dialog')) event.preventDefault()
    }
    document.addEventListener('click', record, true)
    document.addEventListener('submit', holdDialogForm, true)
    window.__tavlinEarlyTap = {
      take: function () {
        document.removeEventListener('click', record, true)
        document.removeEventListener('submit', holdDialogForm, true)
        var button = last
        last = null
        return button
      },
    }
  }

  // A button with a command (the menu, the purchase popup) opens its dialog by itself
  // (decision 299). React, told of a tap while it is still hydrating, first finishes hydrating
  // the whole page in that event, up to a second on a slow phone, and the dialog waits. Its
  // taps are not React's: they stop at the document, where the browser runs commands.
  function leaveCommandTapsToTheBrowser() {
    if (!commandsRun) return
    var taps = 'pointerdown pointerup pointercancel mousedown mouseup touchstart touchend touchcancel click'
    taps.split(' ').forEach(function (type) {
      document.addEventListener(
        type,
        function (event) {
          if (event.target instanceof Element && event.target.closest('button[commandfor]'))
            event.stopPropagation()
        },
        true,
      )
    })
  }

  function whenParsed(callback) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', callback)
    else callback()
  }

  function load(scripts) {
    scripts.fetches.forEach(function (href) {
      appendToHead('link', { rel: 'preload', as: 'fetch', href: href, crossorigin: '' })
    })
    scripts.modules.forEach(function (href) {
      appendToHead('link', { rel: 'modulepreload', href: href, crossorigin: '' })
    })
    appendToHead('script', { type: 'module', src: scripts.entry, crossorigin: '' })
  }

  function appendToHead(tag, attributes) {
    var element = document.createElement(tag)
    for (var name in attributes) element.setAttribute(name, attributes[name])
    document.head.appendChild(element)
  }
})()

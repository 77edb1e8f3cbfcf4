import './styles.css'

const startApp = () => import('./main')

// A page the server rendered is on screen as soon as its HTML and CSS are in: the app's
// JavaScript is fetched after that first paint, so on a slow connection it does not take
// the bandwidth from the page's styles, font and largest picture (docs/decisions/097).
// A page the browser renders alone (admin, thank-you) starts at once.
if (document.getElementById('rendered-state')) {
  let started = false
  const startOnce = () => {
    if (started) return
    started = true
    void startApp()
  }
  requestAnimationFrame(() => setTimeout(startOnce, 0))
  // A tab opened in the background paints no frame until it is shown.
  setTimeout(startOnce, 500)
} else {
  void startApp()
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Stands in for the web app's server renderer (apps/web/src/entry-server.tsx): it reads the
// catalogue through the server's own API, as the real one does, and numbers its renders so a
// test can tell a kept page from a new render. /?hero=<product> has a random part made in the render (its
// first picture), as the home page has, and no random read; which picture is drawn from the render's
// number, so a run never depends on chance. An address with ?hold waits, once started, until the
// test releases it (globalThis.tavlinRenderHold), so a test can fill the line of renders.
const rendererModule = `
let renders = 0
export function createPageRenderer({ fetch }) {
  return {
    async render(url) {
      if (url.pathname === '/admin') return undefined
      const hold = globalThis.tavlinRenderHold
      if (hold && url.searchParams.has('hold')) {
        hold.started()
        await hold.released
      }
      renders += 1
      const [, section, id] = url.pathname.split('/')
      let body = ''
      if (section === 'products' && id) {
        const answer = await (await fetch('/api/products/' + id)).json()
        body = '<h1>' + answer.data.name + '</h1>'
      } else if (url.searchParams.has('ingredient')) {
        const names = [url.searchParams.get('ingredient')]
        const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ names }) }
        const answer = await (await fetch('/api/products/names', init)).json()
        body = '<h1>' + answer.data.map((p) => p.name).join() + '</h1>'
      } else if (url.searchParams.has('hero')) {
        const answer = await (await fetch('/api/products/' + url.searchParams.get('hero'))).json()
        const heroName = ['hero-1', 'hero-2', 'hero-3'][renders % 3]
        return { html: '<h1>' + answer.data.name + '</h1><p>render ' + renders + '</p>', state: '{}', heroName }
      } else if (url.pathname === '/') {
        const answer = await (await fetch('/api/products/random?page=1&limit=4')).json()
        body = '<h2>' + answer.data.items.map((p) => p.name).join() + '</h2>'
      }
      return { html: body + '<p>render ' + renders + '</p>', state: '{}' }
    },
  }
}
`
const indexHtml =
  '<!doctype html><html lang="he" dir="rtl"><head><title>תבלין</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>'

export function webDist(): { dir: string; entry: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-page-cache-'))
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml)
  const entry = path.join(dir, 'entry-server.mjs')
  fs.writeFileSync(entry, rendererModule)
  return { dir, entry }
}

/** Holds the renders of addresses with ?hold: `started` once one is under way, `release()` lets them end. */
export function holdRenders(): { started: Promise<void>; release(): void; end(): void } {
  let started!: () => void
  let release!: () => void
  const hold = {
    started: new Promise<void>((resolve) => (started = resolve)),
    released: new Promise<void>((resolve) => (release = resolve)),
  }
  Object.assign(globalThis, { tavlinRenderHold: { started, released: hold.released } })
  return {
    started: hold.started,
    release,
    end: () => Reflect.deleteProperty(globalThis, 'tavlinRenderHold'),
  }
}

export const renderNumber = (body: string) => Number(/render (\d+)/.exec(body)?.[1])
export const heading = (body: string) => /<h[12]>(.*?)<\/h[12]>/.exec(body)?.[1]

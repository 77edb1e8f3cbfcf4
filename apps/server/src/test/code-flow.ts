import crypto from 'node:crypto'
import type { App } from '../app.js'

/** What the code-flow driver needs from a transport: `fetch` against a server, or `inject`. */
export type HttpResponse = { status: number; headers: Headers; text: string }
export type Transport = (request: {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  body?: string
}) => Promise<HttpResponse>

/** `remoteAddress`: the client address the server sees (each sign-in limit counts by it). */
export function injectTransport(app: App, options: { remoteAddress?: string } = {}): Transport {
  return async ({ method, url, headers, body }) => {
    const parsed = new URL(url)
    const response = await app.inject({
      method,
      url: parsed.pathname + parsed.search,
      headers,
      payload: body,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    })
    const out = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) value.forEach((v) => out.append(name, v))
      else if (value !== undefined) out.set(name, String(value))
    }
    return { status: response.statusCode, headers: out, text: response.body }
  }
}

export const fetchTransport: Transport = async ({ method, url, headers, body }) => {
  const response = await fetch(url, { method, headers, body, redirect: 'manual' })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/**
 * A browser stand-in for tests: follows the provider's redirects, keeps its
 * cookies and signs in through the real HTML form, the way a person would.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>()
  lastPage: HttpResponse | undefined

  constructor(private readonly transport: Transport) {}

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<HttpResponse> {
    const headers: Record<string, string> = {}
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    let body: string | undefined
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(form).toString()
    }
    const response = await this.transport({ method, url, headers, body })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    this.lastPage = response
    return response
  }

  /** GETs `url` and follows redirects until one points at the page `stopAt` (not requested) or a page answers. */
  async follow(url: string, stopAt: string): Promise<{ url: string; response: HttpResponse }> {
    let current = url
    for (let hop = 0; hop < 10; hop++) {
      const at = new URL(current)
      if (`${at.origin}${at.pathname}` === stopAt) return { url: current, response: this.lastPage! }
      const response = await this.request('GET', current)
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response }
      current = new URL(location, current).toString()
    }
    throw new Error('too many redirects')
  }
}

export type CodeFlowOptions = {
  issuer: string
  clientId: string
  redirectUri: string
  resource?: string
  scope?: string
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url')
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') }
}

export function authorizeUrl(options: CodeFlowOptions, extra: Record<string, string>): string {
  const params = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email roles offline_access',
    ...(options.resource ? { resource: options.resource } : {}),
    ...extra,
  })
  return `${options.issuer}/auth?${params}`
}

/** Reads the sign-in form's fields from the page, as a browser would submit them. */
export function readSignInForm(html: string): { action: string; csrf: string } {
  const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1]
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
  if (!action || !csrf) throw new Error('no sign-in form on the page')
  return { action: action.replace(/&#38;/g, '&'), csrf }
}

/** Opens the sign-in page of a fresh authorization request (PKCE S256) and reads its form. */
export async function openSignInForm(
  browser: TestBrowser,
  options: CodeFlowOptions,
): Promise<{ action: string; csrf: string }> {
  const { challenge } = pkcePair()
  const page = await browser.follow(
    authorizeUrl(options, {
      state: 's',
      nonce: 'n',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
    options.redirectUri,
  )
  return readSignInForm(page.response.text)
}

export type TokenSet = {
  access_token: string
  id_token: string
  refresh_token?: string
  token_type: string
  expires_in: number
  scope?: string
}

/**
 * The whole authorization code flow with PKCE S256, state and nonce, driven
 * by HTTP requests: authorize → sign-in form → callback with code → token.
 */
export async function signInWithCodeFlow(
  browser: TestBrowser,
  options: CodeFlowOptions,
  credentials: { email: string; password: string },
): Promise<TokenSet> {
  const { verifier, challenge } = pkcePair()
  const state = crypto.randomBytes(16).toString('base64url')
  const nonce = crypto.randomBytes(16).toString('base64url')
  const start = authorizeUrl(options, {
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })
  const signInPage = await browser.follow(start, options.redirectUri)
  if (signInPage.response.status !== 200)
    throw new Error(`expected the sign-in page, got ${signInPage.response.status}`)
  const form = readSignInForm(signInPage.response.text)
  const origin = new URL(options.issuer).origin
  const posted = await browser.request('POST', new URL(form.action, origin).toString(), {
    csrf: form.csrf,
    email: credentials.email,
    password: credentials.password,
  })
  const location = posted.headers.get('location')
  if (posted.status !== 303 || !location) throw new Error(`sign-in failed with ${posted.status}`)
  const callback = await browser.follow(new URL(location, origin).toString(), options.redirectUri)
  const returned = new URL(callback.url)
  if (!callback.url.startsWith(options.redirectUri))
    throw new Error(`did not return to the client: ${callback.url}`)
  if (returned.searchParams.get('state') !== state) throw new Error('state mismatch')
  const code = returned.searchParams.get('code')
  if (!code) throw new Error(`no code: ${returned.search}`)
  const tokens = await exchange(browser, options, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: options.redirectUri,
  })
  const idPayload = JSON.parse(Buffer.from(tokens.id_token.split('.')[1] ?? '', 'base64url').toString()) as {
    nonce?: string
  }
  if (idPayload.nonce !== nonce) throw new Error('nonce mismatch')
  return tokens
}

export async function exchange(
  browser: TestBrowser,
  options: CodeFlowOptions,
  params: Record<string, string>,
): Promise<TokenSet> {
  const response = await browser.request('POST', `${options.issuer}/token`, {
    client_id: options.clientId,
    ...(options.resource ? { resource: options.resource } : {}),
    ...params,
  })
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${response.text}`)
  return JSON.parse(response.text) as TokenSet
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { authorizeUrl, pkcePair } from '../../test/code-flow.js'

const PUBLIC_URL = 'https://shop.example'

/** The provider behind a proxy follows TRUST_PROXY like the rest of the app (issue 15, decision 112). */
describe.each([
  { trustProxy: 'false', isForwardedProtoBelieved: false },
  { trustProxy: 'true', isForwardedProtoBelieved: true },
])(
  'identity with an https PUBLIC_URL and TRUST_PROXY=$trustProxy',
  ({ trustProxy, isForwardedProtoBelieved }) => {
    let ctx: TestContext
    let start: string

    beforeAll(async () => {
      ctx = await buildTestApp({}, { PUBLIC_URL, TRUST_PROXY: trustProxy })
      const { challenge } = pkcePair()
      const url = new URL(
        authorizeUrl(
          {
            issuer: `${PUBLIC_URL}/oidc`,
            clientId: 'tavlin-web',
            redirectUri: `${PUBLIC_URL}/`,
            resource: 'urn:tavlin:api',
          },
          { state: 's', nonce: 'n', code_challenge: challenge, code_challenge_method: 'S256' },
        ),
      )
      start = url.pathname + url.search
    })
    afterAll(() => ctx.close())

    it('sends a plain-http authorization request to https instead of failing with 500', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: start })
      expect(response.statusCode).toBe(308)
      expect(response.headers.location).toBe(`${PUBLIC_URL}${start}`)
    })

    it('refuses a plain-http token request with 400', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&refresh_token=x&client_id=tavlin-web',
      })
      expect(response.statusCode).toBe(400)
    })

    it(`${isForwardedProtoBelieved ? 'believes' : 'ignores'} X-Forwarded-Proto: https`, async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: start,
        headers: { 'x-forwarded-proto': 'https', host: 'shop.example' },
      })
      if (isForwardedProtoBelieved) {
        // On to the sign-in page, with cookies marked Secure.
        expect(response.statusCode).toBe(303)
        expect(response.headers.location).toMatch(/^\/oidc\/interaction\//)
        expect(String(response.headers['set-cookie'])).toMatch(/secure/i)
      } else {
        expect(response.statusCode).toBe(308)
      }
    })
  },
)

import { beforeAll, describe, expect, it, vi } from 'vitest'
import { TEST_NOW, createTestIssuer, type TestIssuer } from '../../testing/test-issuer'
import { IdTokenError, issuerKeys, verifyIdToken, type IdTokenExpectations } from './id-token'

// Spec §5's identity token checks, each with a real RS256 token signed by a test issuer.

let issuer: TestIssuer
beforeAll(async () => {
  issuer = await createTestIssuer()
})

const keys = () => issuerKeys(async () => structuredClone(issuer.jwks))

function expectations(overrides: Partial<IdTokenExpectations> = {}): IdTokenExpectations {
  return {
    issuer: issuer.issuer,
    clientId: issuer.clientId,
    origin: { kind: 'signIn', nonce: 'the-nonce' },
    isSpentNonce: () => false,
    leewaySeconds: 60,
    now: TEST_NOW,
    ...overrides,
  }
}

async function refusal(token: string | Promise<string>, overrides: Partial<IdTokenExpectations> = {}) {
  try {
    await verifyIdToken(await token, keys(), expectations(overrides))
  } catch (error) {
    if (error instanceof IdTokenError) return { check: error.check, message: error.message }
    throw error
  }
  throw new Error('the token was accepted')
}

describe('verifyIdToken', () => {
  it('accepts a good token and returns its claims', async () => {
    const claims = await verifyIdToken(await issuer.sign(), keys(), expectations())
    expect(claims).toMatchObject({ sub: 'user-1', email: 'cook@example.com', nonce: 'the-nonce' })
  })

  it('refuses alg none, HS256 and any algorithm but RS256, before looking for a key', async () => {
    expect(await refusal(issuer.unsigned())).toEqual({
      check: 'alg',
      message:
        'Signature algorithm of "none" is not supported. Expected the ID token to be signed with "RS256".',
    })
    expect(await refusal(issuer.signHs256())).toMatchObject({
      check: 'alg',
      message: expect.stringContaining('"HS256"'),
    })
  })

  it('refuses a token signed with a key the issuer did not publish, and a changed payload', async () => {
    expect(await refusal(issuer.signWithOtherKey())).toMatchObject({
      check: 'signature',
      message: expect.stringContaining('does not match'),
    })
    const [header, , signature] = (await issuer.sign()).split('.')
    const forged = Buffer.from(JSON.stringify({ ...issuer.claims(TEST_NOW), sub: 'admin' })).toString(
      'base64url',
    )
    expect(await refusal(`${header}.${forged}.${signature}`)).toMatchObject({ check: 'signature' })
    expect(await refusal('not-a-token')).toEqual({
      check: 'format',
      message: 'ID token could not be decoded',
    })
  })

  it('loads the key set again once for a key id it does not know (the issuer rotated its keys)', async () => {
    const rotating = await createTestIssuer()
    const load = vi.fn(async () => structuredClone(rotating.jwks))
    const resolver = issuerKeys(load)
    const expect_ = { ...expectations(), issuer: rotating.issuer }
    await verifyIdToken(await rotating.sign(), resolver, expect_)
    await rotating.rotate()
    await verifyIdToken(await rotating.sign(), resolver, expect_)
    expect(load).toHaveBeenCalledTimes(2)
    // A key id nobody published: one more load, then refused.
    expect(
      await verifyIdToken(await rotating.sign({}, { kid: 'nobody' }), resolver, expect_).catch(
        (e: IdTokenError) => e.check,
      ),
    ).toBe('signature')
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('refuses a wrong or missing issuer', async () => {
    expect(await refusal(issuer.sign({ iss: 'https://evil.test/' }))).toEqual({
      check: 'iss',
      message:
        'Issuer (iss) claim mismatch in the ID token; expected "https://issuer.test/", found "https://evil.test/"',
    })
    expect(await refusal(issuer.sign({ iss: undefined }))).toMatchObject({ check: 'iss' })
  })

  it('refuses a token without a subject', async () => {
    expect(await refusal(issuer.sign({ sub: undefined }))).toEqual({
      check: 'sub',
      message: 'Subject (sub) claim must be a string present in the ID token',
    })
  })

  it('refuses another audience, and several audiences without this client as authorised party', async () => {
    expect(await refusal(issuer.sign({ aud: 'another-client' }))).toMatchObject({
      check: 'aud',
      message: expect.stringContaining('expected "tavlin-web"'),
    })
    expect(await refusal(issuer.sign({ aud: [issuer.clientId, 'urn:api'] }))).toMatchObject({ check: 'azp' })
    expect(
      await refusal(issuer.sign({ aud: [issuer.clientId, 'urn:api'], azp: 'another-client' })),
    ).toMatchObject({
      check: 'azp',
      message: expect.stringContaining('found "another-client"'),
    })
    await expect(
      verifyIdToken(
        await issuer.sign({ aud: [issuer.clientId, 'urn:api'], azp: issuer.clientId }),
        keys(),
        expectations(),
      ),
    ).resolves.toBeTruthy()
  })

  it('refuses a missing or different nonce, and a nonce an earlier sign-in spent (a replay)', async () => {
    expect(await refusal(issuer.sign({ nonce: undefined }))).toEqual({
      check: 'nonce',
      message: 'Nonce (nonce) claim must be a string present in the ID token',
    })
    expect(await refusal(issuer.sign({ nonce: 'another' }))).toMatchObject({
      check: 'nonce',
      message: expect.stringContaining('expected "the-nonce", found "another"'),
    })
    const spent = new Set(['an-old-nonce'])
    expect(
      await refusal(issuer.sign({ nonce: 'an-old-nonce' }), { isSpentNonce: (nonce) => spent.has(nonce) }),
    ).toMatchObject({ check: 'nonceReplayed' })
  })

  it('keeps a renewed token to the original subject and nonce', async () => {
    const previous = issuer.claims(TEST_NOW - 3000)
    const renewal = { origin: { kind: 'renewal' as const, previous } }
    await expect(verifyIdToken(await issuer.sign(), keys(), expectations(renewal))).resolves.toBeTruthy()
    await expect(
      verifyIdToken(await issuer.sign({ nonce: undefined }), keys(), expectations(renewal)),
    ).resolves.toBeTruthy()
    expect(await refusal(issuer.sign({ nonce: 'other' }), renewal)).toMatchObject({ check: 'nonce' })
    expect(await refusal(issuer.sign({ sub: 'user-2' }), renewal)).toMatchObject({ check: 'sub' })
  })

  it('wants exp and iat as numbers', async () => {
    expect(await refusal(issuer.sign({ exp: String(TEST_NOW + 3600) }))).toEqual({
      check: 'exp',
      message: 'Expiration Time (exp) claim must be a number present in the ID token',
    })
    expect(await refusal(issuer.sign({ exp: undefined }))).toMatchObject({ check: 'exp' })
    expect(await refusal(issuer.sign({ iat: 'yesterday' }))).toEqual({
      check: 'iat',
      message: 'Issued At (iat) claim must be a number present in the ID token',
    })
  })

  it('allows 60 s of clock difference on expiry and not-before, not 61', async () => {
    const exp = TEST_NOW - 60
    await expect(verifyIdToken(await issuer.sign({ exp }), keys(), expectations())).resolves.toBeTruthy()
    expect(await refusal(issuer.sign({ exp: exp - 1 }))).toMatchObject({
      check: 'exp',
      message: expect.stringContaining('is after expiration time'),
    })
    const nbf = TEST_NOW + 60
    await expect(verifyIdToken(await issuer.sign({ nbf }), keys(), expectations())).resolves.toBeTruthy()
    expect(await refusal(issuer.sign({ nbf: nbf + 1 }))).toMatchObject({
      check: 'nbf',
      message: expect.stringContaining("can't be used just yet"),
    })
    expect(await refusal(issuer.sign({ nbf: 'soon' }))).toMatchObject({ check: 'nbf' })
  })

  it('wants auth_time within max_age (plus leeway) when a max_age was asked', async () => {
    const maxAge = { maxAge: 300 }
    expect(await refusal(issuer.sign(), maxAge)).toEqual({
      check: 'authTime',
      message:
        'Authentication Time (auth_time) claim must be a number present in the ID token when Max Age (max_age) is specified',
    })
    await expect(
      verifyIdToken(await issuer.sign({ auth_time: TEST_NOW - 360 }), keys(), expectations(maxAge)),
    ).resolves.toBeTruthy()
    expect(await refusal(issuer.sign({ auth_time: TEST_NOW - 361 }), maxAge)).toMatchObject({
      check: 'authTime',
      message: expect.stringContaining('too much time has passed'),
    })
    // Without max_age, auth_time is not asked for.
    await expect(
      verifyIdToken(await issuer.sign({ auth_time: 1 }), keys(), expectations()),
    ).resolves.toBeTruthy()
  })

  it('wants the configured organization: an org_ id exactly, a name in lower case', async () => {
    const byId = { organization: 'org_abc123' }
    await expect(
      verifyIdToken(await issuer.sign({ org_id: 'org_abc123' }), keys(), expectations(byId)),
    ).resolves.toBeTruthy()
    expect(await refusal(issuer.sign({ org_id: 'org_other' }), byId)).toEqual({
      check: 'organization',
      message:
        'Organization ID (org_id) claim mismatch in the ID token; expected "org_abc123", found "org_other"',
    })
    expect(await refusal(issuer.sign(), byId)).toMatchObject({ check: 'organization' })

    const byName = { organization: 'Tavlin-Kitchen' }
    await expect(
      verifyIdToken(await issuer.sign({ org_name: 'tavlin-kitchen' }), keys(), expectations(byName)),
    ).resolves.toBeTruthy()
    expect(await refusal(issuer.sign({ org_name: 'Tavlin-Kitchen' }), byName)).toMatchObject({
      check: 'organization',
    })
    expect(await refusal(issuer.sign({ org_id: 'org_abc123' }), byName)).toMatchObject({
      check: 'organization',
      message: 'Organization Name (org_name) claim must be a string present in the ID token',
    })
    // No organization configured: none is asked for.
    await expect(
      verifyIdToken(await issuer.sign({ org_id: 'org_any' }), keys(), expectations()),
    ).resolves.toBeTruthy()
  })
})

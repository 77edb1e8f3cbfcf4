import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccessTokenVerifier } from './access-token.js'

const identity = {
  issuer: 'https://tavlin.eu.auth0.com/',
  audience: 'https://api.shop.example',
  rolesClaim: 'https://tavlin.shop/roles',
}

describe('access token verification with an organization', () => {
  let sign: (claims: JWTPayload) => Promise<string>
  let publicJwk: Awaited<ReturnType<typeof exportJWK>>

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256')
    publicJwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }
    sign = (claims) =>
      new SignJWT({ 'https://tavlin.shop/roles': ['Admin'], ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(identity.issuer)
        // Auth0 adds its userinfo audience next to the API's when openid is in scope.
        .setAudience([identity.audience, 'https://tavlin.eu.auth0.com/userinfo'])
        .setSubject('auth0|42')
        .setExpirationTime('5m')
        .sign(privateKey)
  })

  it('accepts a token of the configured organization id and refuses others', async () => {
    const verify = createAccessTokenVerifier(
      { ...identity, organization: 'org_abc123' },
      { publicKeys: [publicJwk] },
    )
    await expect(verify(await sign({ org_id: 'org_abc123' }))).resolves.toMatchObject({
      subject: 'auth0|42',
      roles: ['Admin'],
    })
    await expect(verify(await sign({ org_id: 'org_other' }))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(verify(await sign({}))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('compares an organization name in lower case', async () => {
    const verify = createAccessTokenVerifier(
      { ...identity, organization: 'Tavlin-Shops' },
      { publicKeys: [publicJwk] },
    )
    await expect(verify(await sign({ org_name: 'tavlin-shops' }))).resolves.toBeDefined()
    await expect(verify(await sign({ org_name: 'someone-else' }))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
  })

  it('ignores organizations when none is configured', async () => {
    const verify = createAccessTokenVerifier(identity, { publicKeys: [publicJwk] })
    await expect(verify(await sign({ org_id: 'org_anything' }))).resolves.toBeDefined()
  })

  it("reads the shopper's e-mail, whether it is confirmed, and their names when the token has them", async () => {
    const verify = createAccessTokenVerifier(identity, { publicKeys: [publicJwk] })
    await expect(
      verify(
        await sign({
          email: 'noa@example.com',
          email_verified: true,
          given_name: 'נועה',
          family_name: 'כהן',
        }),
      ),
    ).resolves.toEqual({
      subject: 'auth0|42',
      email: 'noa@example.com',
      emailVerified: true,
      givenName: 'נועה',
      familyName: 'כהן',
      roles: ['Admin'],
    })
    // Only a real `true` confirms: a string, or no claim at all, does not (decision 230).
    await expect(
      verify(await sign({ email: 'noa@example.com', email_verified: 'true' })),
    ).resolves.toMatchObject({
      emailVerified: false,
      givenName: undefined,
    })
  })
})

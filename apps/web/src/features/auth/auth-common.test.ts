import { describe, expect, it } from 'vitest'
import { hasStoredUser, isSignInReturn, returnPathOf, rolesOf } from './auth-common'

describe('rolesOf', () => {
  it('reads the namespaced roles claim and ignores anything that is not a list of strings', () => {
    expect(rolesOf({ 'https://tavlin.shop/roles': ['Admin', 3] }, 'https://tavlin.shop/roles')).toEqual([
      'Admin',
    ])
    expect(rolesOf({ 'https://tavlin.shop/roles': 'Admin' }, 'https://tavlin.shop/roles')).toEqual([])
    expect(rolesOf(undefined, 'https://tavlin.shop/roles')).toEqual([])
  })
})

describe('sign-in return and stored session', () => {
  it('needs code or error together with state (spec §2)', () => {
    expect(isSignInReturn('?code=a&state=b')).toBe(true)
    expect(isSignInReturn('?error=access_denied&state=b')).toBe(true)
    expect(isSignInReturn('?code=a')).toBe(false)
    expect(isSignInReturn('?state=b')).toBe(false)
  })

  it('returns to a local path only', () => {
    expect(returnPathOf({ returnTo: '/products?page=2' }, '/')).toBe('/products?page=2')
    expect(returnPathOf({ returnTo: '//evil.example/' }, '/recipes')).toBe('/recipes')
    expect(returnPathOf({ returnTo: 'https://evil.example/' }, '/recipes')).toBe('/recipes')
    expect(returnPathOf(undefined, '/recipes')).toBe('/recipes')
  })

  it('spots an oidc-client-ts user entry in session storage', () => {
    sessionStorage.clear()
    expect(hasStoredUser()).toBe(false)
    sessionStorage.setItem('oidc.user:https://shop.example/oidc:tavlin-web', '{}')
    expect(hasStoredUser()).toBe(true)
    sessionStorage.clear()
  })
})

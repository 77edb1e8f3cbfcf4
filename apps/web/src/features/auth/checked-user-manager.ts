import {
  ErrorResponse,
  ErrorTimeout,
  User,
  UserManager,
  type CreateSigninRequestArgs,
  type INavigator,
  type IWindow,
  type NavigateResponse,
  type UseRefreshTokenArgs,
  type UserManagerSettings,
} from 'oidc-client-ts'
import { decodeJwt, type JWTPayload } from 'jose'
import { IDENTITY } from './identity-config'
import { IdTokenError, verifyIdToken, type IdTokenExpectations, type KeyResolver } from './id-token'
import { IdentityHttpError, type IdentityHttp } from './identity-http'
import { newNonce, type NonceLedger } from './nonce-ledger'
import { tokenLockName, withTokenLock } from './token-lock'

// oidc-client-ts with the checks spec §4/§5 ask of the browser and the constants of §9.
// The library still builds each authorization request (state, PKCE), keeps the transaction,
// drives the redirect and the hidden frame, stores the user and renews it on time. These
// overrides of its protected steps — its own extension points — do the rest:
//
// - `_signinStart`: every authorization request carries a fresh nonce;
// - `_signinEnd`: the code is exchanged through the identity HTTP client (10 s, 3 attempts)
//   and the ID token verified (signature, RS256, every claim) before the user is stored;
// - `_useRefreshToken`: one refresh at a time across tabs (the token lock), through the same
//   client, and a renewed ID token verified like the first.

export type CheckedSignInDeps = {
  http: IdentityHttp
  keys: KeyResolver
  nonces: NonceLedger
  /** The organization every token must belong to (Auth0 organizations), if one is configured. */
  organization?: string | undefined
  popupNavigator?: INavigator
  /** Milliseconds since the epoch. */
  now?: () => number
  locks?: LockManager | undefined
}

/** Our part of a sign-in's `state`: the `max_age` it asked for, which the ID token's `auth_time` must meet. */
type MaxAgeState = { maxAge?: number }

type TokenResponse = {
  access_token: string
  token_type: string
  id_token?: string
  refresh_token?: string
  scope?: string
  expires_in?: number
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** RFC 6749 §5.1: the fields of a successful token response that the session keeps. */
function tokenResponse(body: unknown, url: string): TokenResponse {
  if (!isRecord(body) || typeof body.access_token !== 'string' || typeof body.token_type !== 'string') {
    throw new IdentityHttpError({ kind: 'format', message: `Invalid token response from ${url}` })
  }
  const expiresIn = Number(body.expires_in)
  return {
    access_token: body.access_token,
    token_type: body.token_type,
    ...(typeof body.id_token === 'string' ? { id_token: body.id_token } : {}),
    ...(typeof body.refresh_token === 'string' ? { refresh_token: body.refresh_token } : {}),
    ...(typeof body.scope === 'string' ? { scope: body.scope } : {}),
    ...(Number.isFinite(expiresIn) && expiresIn >= 0 ? { expires_in: expiresIn } : {}),
  }
}

/** The token endpoint's extra form fields (RFC 8707 `resource` for the built-in provider). */
function formFields(params: Record<string, unknown> | undefined): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = String(value)
  }
  return fields
}

/** The token endpoint's refusal as the library's own error, so `login_required` and the like read the same. */
function asOidcError(error: unknown): unknown {
  if (!(error instanceof IdentityHttpError)) return error
  // No answer at all: the library tries a renewal again in 5 s rather than ending the session.
  if (error.kind === 'network' || error.kind === 'timeout') return new ErrorTimeout(error.message)
  if (error.kind === 'http' && error.error) {
    return new ErrorResponse({
      error: error.error,
      error_description: error.errorDescription ?? error.message,
    })
  }
  return error
}

export class CheckedUserManager extends UserManager {
  private readonly deps: CheckedSignInDeps

  constructor(settings: UserManagerSettings, deps: CheckedSignInDeps) {
    super(settings, undefined, deps.popupNavigator)
    this.deps = deps
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now()
  }

  protected override _signinStart(args: CreateSigninRequestArgs, handle: IWindow): Promise<NavigateResponse> {
    const state =
      args.max_age === undefined
        ? args.state
        : ({ ...(isRecord(args.state) ? args.state : {}), maxAge: args.max_age } satisfies MaxAgeState)
    // Spec §4: PKCE, state and nonce on every request — popup, redirect and hidden frame alike.
    return super._signinStart({ ...args, state, nonce: args.nonce ?? newNonce() }, handle)
  }

  protected override async _signinEnd(url: string, verifySub?: string): Promise<User> {
    // The transaction is taken out of storage: an answer can be used once.
    const { state, response } = await this._client.readSigninResponseState(url, true)
    if (state.authority !== this.settings.authority || state.client_id !== this.settings.client_id) {
      throw new Error('Invalid state: the sign-in was started for another issuer or client')
    }
    response.userState = state.data
    response.url_state = state.url_state
    if (response.error) throw new ErrorResponse(response)
    if (!response.code) throw new Error('Expected code in response')
    if (!state.nonce) throw new Error('Invalid state: the sign-in was started without a nonce')

    const endpoint = await this.metadataService.getTokenEndpoint(false)
    let tokens: TokenResponse
    try {
      const body = await this.deps.http.postForm(endpoint, {
        grant_type: 'authorization_code',
        code: response.code,
        redirect_uri: state.redirect_uri,
        code_verifier: state.code_verifier,
        client_id: state.client_id,
        ...formFields(state.extraTokenParams),
      })
      tokens = tokenResponse(body, endpoint)
    } catch (error) {
      throw asOidcError(error)
    }
    if (!tokens.id_token) throw new IdTokenError('format', 'The token response carries no ID token')

    const maxAge = (state.data as MaxAgeState | undefined)?.maxAge ?? this.settings.max_age
    const claims = await this.verify(tokens.id_token, { kind: 'signIn', nonce: state.nonce }, maxAge)
    this.deps.nonces.spend(state.nonce)

    response.id_token = tokens.id_token
    response.access_token = tokens.access_token
    response.token_type = tokens.token_type
    response.refresh_token = tokens.refresh_token
    response.scope = tokens.scope ?? state.scope
    response.expires_in = tokens.expires_in
    response.profile = claims as User['profile']
    return this._buildUser(response, verifySub)
  }

  protected override _useRefreshToken(args: UseRefreshTokenArgs): Promise<User> {
    const lock = tokenLockName(this.settings.authority, this.settings.client_id)
    return withTokenLock(lock, () => this.refresh(args), this.deps.locks ?? globalThis.navigator?.locks)
  }

  private async refresh({ state, extraTokenParams, resource }: UseRefreshTokenArgs): Promise<User> {
    // Renewed by another caller while this one waited for the lock: that result stands.
    const current = await this._loadUser()
    const freshUntil = (current?.expires_at ?? 0) - IDENTITY.earlyExpirySeconds
    if (current && current.refresh_token !== state.refresh_token && freshUntil * 1000 > this.now())
      return current

    const endpoint = await this.metadataService.getTokenEndpoint(false)
    let tokens: TokenResponse
    try {
      const body = await this.deps.http.postForm(endpoint, {
        grant_type: 'refresh_token',
        refresh_token: state.refresh_token,
        client_id: this.settings.client_id,
        scope: state.scope,
        ...formFields(this.settings.extraTokenParams),
        ...formFields(extraTokenParams),
        ...(typeof resource === 'string' ? { resource } : {}),
      })
      tokens = tokenResponse(body, endpoint)
    } catch (error) {
      throw asOidcError(error)
    }

    let idToken = state.id_token
    let profile = state.profile
    if (tokens.id_token && tokens.id_token !== state.id_token) {
      const previous: JWTPayload = state.id_token ? decodeJwt(state.id_token) : (state.profile as JWTPayload)
      profile = (await this.verify(tokens.id_token, { kind: 'renewal', previous })) as User['profile']
      idToken = tokens.id_token
    }
    const user = new User({
      id_token: idToken,
      session_state: state.session_state,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? state.refresh_token,
      token_type: tokens.token_type,
      scope: tokens.scope ?? state.scope,
      profile,
      expires_at:
        tokens.expires_in === undefined ? undefined : Math.floor(this.now() / 1000) + tokens.expires_in,
      userState: state.data,
    })
    await this.storeUser(user)
    await this._events.load(user)
    return user
  }

  private async verify(
    token: string,
    origin: IdTokenExpectations['origin'],
    maxAge?: number,
  ): Promise<JWTPayload> {
    return verifyIdToken(token, this.deps.keys, {
      issuer: await this.metadataService.getIssuer(),
      clientId: this.settings.client_id,
      origin,
      isSpentNonce: (nonce) => this.deps.nonces.isSpent(nonce),
      maxAge,
      organization: this.deps.organization,
      leewaySeconds: IDENTITY.idTokenLeewaySeconds,
      now: Math.floor(this.now() / 1000),
    })
  }
}

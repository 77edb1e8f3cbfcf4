/**
 * What the request log keeps of an address (issue 33, decision 236): the path, and of the
 * query only its parameters' names. A query carries what must not sit in a log: the
 * thank-you page's transaction and order ids with the payer's e-mail, name and card digits
 * (PayPlus adds them to the return address), the payment-pending page's status token, the
 * links mailed to shoppers (`?token=`), an admin's search for a customer. Names alone still
 * tell which page was asked for and with which options.
 */

/** Route parameters that open something by themselves or with the others beside them. */
const SECRET_PARAMS = new Set(['transactionUid', 'token'])

type LoggedRequest = {
  url: string
  params?: unknown
  routeOptions?: { url?: string | undefined }
}

export function loggedUrl(request: LoggedRequest): string {
  const [path = '', query] = request.url.split('?', 2)
  const names = query === undefined ? [] : [...new Set(new URLSearchParams(query).keys())]
  return (
    withoutSecretParams(path, request) +
    (query === undefined ? '' : `?${names.map(encodeURIComponent).join('&')}`)
  )
}

/**
 * A path whose route has a secret parameter (the thank-you API's transaction id) is logged
 * as its route, with the other parameters filled in: `/api/orders/<id>/:transactionUid`.
 */
function withoutSecretParams(path: string, request: LoggedRequest): string {
  const pattern = request.routeOptions?.url
  const params = (request.params ?? {}) as Record<string, unknown>
  if (!pattern || !Object.keys(params).some((name) => SECRET_PARAMS.has(name))) return path
  return pattern.replace(/:(\w+)/g, (placeholder, name: string) =>
    SECRET_PARAMS.has(name) || typeof params[name] !== 'string'
      ? placeholder
      : encodeURIComponent(params[name]),
  )
}

import autocannon from 'autocannon'

/** One endpoint of the load table. */
export interface Endpoint {
  name: string
  method: 'GET' | 'POST'
  path: string
  /** Whether it needs the session token. */
  auth: boolean
  /** The persona whose token it sends (default the admin's), e.g. emr for the EMR clusters' data. */
  user?: string
  /** A JSON body, for POST searches. */
  body?: unknown
  /**
   * Variants sent in turn instead of one fixed request (paths and bodies drawn from the seeded
   * values), so no cache of a single repeated request can flatter the figure.
   */
  variants?: readonly { path?: string; body?: unknown }[]
}

export interface EndpointFigures {
  name: string
  path: string
  /** One connection: latency percentiles in ms. */
  p50Ms: number
  p99Ms: number
  /** Ten connections: requests per second. */
  rps: number
  /** rps as a share of the trivial route's rps in the same run. */
  ratio: number
  errors: number
  non2xx: number
}

async function cannon(
  baseUrl: string,
  endpoint: Endpoint,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
) {
  const json = endpoint.body !== undefined || endpoint.variants?.some((v) => v.body !== undefined)
  const allHeaders = json ? { ...headers, 'content-type': 'application/json' } : headers
  const variants = endpoint.variants ?? []
  let next = 0
  return autocannon({
    url: baseUrl + endpoint.path,
    method: endpoint.method,
    headers: allHeaders,
    body: endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body),
    connections,
    duration: seconds,
    pipelining: 1,
    requests: variants.length
      ? [
          {
            setupRequest: (request) => {
              const variant = variants[next++ % variants.length]!
              return {
                ...request,
                path: variant.path ?? endpoint.path,
                body: variant.body === undefined ? request.body : JSON.stringify(variant.body),
              }
            },
          },
        ]
      : undefined,
  })
}

/**
 * Resolves once the server has answered every request a run left in flight: autocannon stops
 * sending at the end of its time, but a slow route's queued requests would otherwise eat into the
 * next row's run. A trivial request waits its turn behind them.
 */
async function drained(baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/signInMode`)
}

/**
 * Each endpoint at 1 connection (p50, p99) and at 10 (requests per second), and its throughput as a
 * ratio of the trivial route measured the same way in the same run, so the figures compare across
 * machines: the ratio says what the endpoint costs beyond the framework itself.
 */
export async function measureEndpoints(
  baseUrl: string,
  tokens: Readonly<Record<string, string>>,
  trivial: Endpoint,
  endpoints: readonly Endpoint[],
  seconds: number,
): Promise<EndpointFigures[]> {
  const figures: EndpointFigures[] = []
  let trivialRps = 0
  for (const endpoint of [trivial, ...endpoints]) {
    const token = tokens[endpoint.user ?? 'admin']
    if (endpoint.auth && !token) throw new Error(`no token for ${endpoint.user}`)
    const headers: Record<string, string> = endpoint.auth ? { authorization: `JWT ${token}` } : {}
    const single = await cannon(baseUrl, endpoint, headers, 1, seconds)
    await drained(baseUrl)
    const ten = await cannon(baseUrl, endpoint, headers, 10, seconds)
    await drained(baseUrl)
    if (endpoint === trivial) trivialRps = ten.requests.average
    figures.push({
      name: endpoint.name,
      path: endpoint.path,
      p50Ms: single.latency.p50,
      p99Ms: single.latency.p99,
      rps: Math.round(ten.requests.average),
      ratio: trivialRps ? Math.round((ten.requests.average / trivialRps) * 1000) / 1000 : 0,
      errors: single.errors + ten.errors,
      non2xx: single.non2xx + ten.non2xx,
    })
  }
  return figures
}

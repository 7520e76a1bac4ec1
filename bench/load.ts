import autocannon from 'autocannon'

/** One endpoint of the load table. */
export interface Endpoint {
  name: string
  method: 'GET' | 'POST'
  path: string
  /** Whether it needs the session token. */
  auth: boolean
  /** A JSON body, for POST searches. */
  body?: unknown
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
  url: string,
  headers: Record<string, string>,
  method: string,
  body: unknown,
  connections: number,
  seconds: number,
) {
  return autocannon({
    url,
    method: method as 'GET',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    connections,
    duration: seconds,
    pipelining: 1,
  })
}

/**
 * Each endpoint at 1 connection (p50, p99) and at 10 (requests per second), and its throughput as a
 * ratio of the trivial route measured the same way in the same run, so the figures compare across
 * machines: the ratio says what the endpoint costs beyond the framework itself.
 */
export async function measureEndpoints(
  baseUrl: string,
  token: string,
  trivial: Endpoint,
  endpoints: readonly Endpoint[],
  seconds: number,
): Promise<EndpointFigures[]> {
  const figures: EndpointFigures[] = []
  let trivialRps = 0
  for (const endpoint of [trivial, ...endpoints]) {
    const headers: Record<string, string> = endpoint.auth ? { authorization: `JWT ${token}` } : {}
    const url = baseUrl + endpoint.path
    const single = await cannon(url, headers, endpoint.method, endpoint.body, 1, seconds)
    const ten = await cannon(url, headers, endpoint.method, endpoint.body, 10, seconds)
    if (endpoint === trivial) trivialRps = ten.requests.average
    figures.push({
      name: endpoint.name,
      path: endpoint.path,
      p50Ms: single.latency.p50,
      p99Ms: single.latency.p99,
      rps: Math.round(ten.requests.average),
      ratio: trivialRps ? Math.round((ten.requests.average / trivialRps) * 100) / 100 : 0,
      errors: single.errors + ten.errors,
      non2xx: single.non2xx + ten.non2xx,
    })
  }
  return figures
}

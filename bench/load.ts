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
  /** Requests sent at one connection (the percentiles' sample). */
  requests: number
  /** Variants a probe answered with 4xx, left out of the runs (a generator's mistake, said aloud). */
  dropped?: string
  /** One connection: latency percentiles in ms. */
  p50Ms: number
  p99Ms: number
  /** Ten connections: requests per second (absent when the route was slower than its run). */
  rps?: number
  /** rps as a share of the trivial route's rps in the same run. */
  ratio?: number
  /** How the figures were taken when not by the runs (a route slower than its run: the probe's). */
  note?: string
  errors: number
  non2xx: number
  /** Answers with a 5xx status (part of non2xx): a server error, so the row misses whatever its times. */
  serverErrors: number
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

/** A row no run measured, and why; `error` when the reason is a server error (5xx): a miss. */
export interface NotMeasured {
  name: string
  path: string
  notMeasured: string
  error: boolean
}

/** How long the probe before a row's runs may send its variants one by one. */
const PROBE_MS = 1_000

/**
 * Sends the row's variants one at a time (for at most PROBE_MS, at least one), and keeps those that
 * answer 2xx and those not reached; when none of those sent answers 2xx the row is not measured,
 * with the first answer's status and message as the reason.
 */
async function probe(
  baseUrl: string,
  endpoint: Endpoint,
  headers: Record<string, string>,
): Promise<
  { endpoint: Endpoint; dropped?: string; latenciesMs: number[] } | { notMeasured: string; error: boolean }
> {
  const variants = endpoint.variants ?? [{}]
  const started = Date.now()
  const failed = new Set<number>()
  let firstFailure: { status: number; message: string } | undefined
  const latenciesMs: number[] = []
  let sent = 0
  for (const [index, variant] of variants.entries()) {
    if (sent > 0 && Date.now() - started > PROBE_MS) break
    const body = variant.body ?? endpoint.body
    const sentAt = performance.now()
    const response = await fetch(baseUrl + (variant.path ?? endpoint.path), {
      method: endpoint.method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    sent++
    if (response.ok) {
      latenciesMs.push(Math.round(performance.now() - sentAt))
      continue
    }
    failed.add(index)
    firstFailure ??= { status: response.status, message: text.slice(0, 160) }
  }
  if (failed.size === sent && firstFailure)
    return {
      notMeasured: `every request sent (${sent}) answered ${firstFailure.status}: ${firstFailure.message}`,
      error: firstFailure.status >= 500,
    }
  if (!failed.size) return { endpoint, latenciesMs }
  return {
    latenciesMs,
    endpoint: { ...endpoint, variants: variants.filter((_, index) => !failed.has(index)) },
    dropped: `${failed.size} of ${sent} probed variants answered ${firstFailure!.status} (left out): ${firstFailure!.message}`,
  }
}

/**
 * The length of a row's runs: `seconds` at one connection (the latency figures); the run at ten
 * connections only estimates throughput on a server the first run warmed, so a third of that (at
 * least 1 s) is enough, which keeps ~70 rows within the bench's 15 minutes.
 */
export const runSeconds = (seconds: number) => ({
  single: seconds,
  ten: Math.max(1, Math.round(seconds / 3)),
})

/**
 * Each endpoint at 1 connection (p50, p99) and at 10 (requests per second), and its throughput as a
 * ratio of the trivial route measured the same way in the same run, so the figures compare across
 * machines: the ratio says what the endpoint costs beyond the framework itself. A row whose every
 * probed request fails is not measured and says why. `onRow` hears each row as it is done.
 */
export async function measureEndpoints(
  baseUrl: string,
  tokens: Readonly<Record<string, string>>,
  trivial: Endpoint,
  endpoints: readonly Endpoint[],
  seconds: number,
  onRow: (figures: EndpointFigures | NotMeasured) => void = () => {},
): Promise<(EndpointFigures | NotMeasured)[]> {
  const figures: (EndpointFigures | NotMeasured)[] = []
  const durations = runSeconds(seconds)
  let trivialRps = 0
  for (const listed of [trivial, ...endpoints]) {
    const token = tokens[listed.user ?? 'admin']
    if (listed.auth && !token) throw new Error(`no token for ${listed.user}`)
    const headers: Record<string, string> = listed.auth ? { authorization: `JWT ${token}` } : {}
    const probed = await probe(baseUrl, listed, headers)
    if ('notMeasured' in probed) {
      const row = { name: listed.name, path: listed.path, ...probed }
      figures.push(row)
      onRow(row)
      continue
    }
    const { endpoint } = probed
    const single = await cannon(baseUrl, endpoint, headers, 1, durations.single)
    await drained(baseUrl)
    if (single.requests.total === 0) {
      // Slower than the run itself: the probe's requests, sent one by one, are the only latencies
      // (far over any budget); a run at ten connections would only queue.
      const sorted = [...probed.latenciesMs].sort((a, b) => a - b)
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
      const row: EndpointFigures = {
        name: listed.name,
        path: listed.path,
        requests: sorted.length,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        errors: single.errors,
        non2xx: single.non2xx,
        serverErrors: single['5xx'],
        note: `no answer within the ${durations.single} s run: the probe's ${sorted.length} request(s)`,
      }
      figures.push(row)
      onRow(row)
      continue
    }
    const ten = await cannon(baseUrl, endpoint, headers, 10, durations.ten)
    await drained(baseUrl)
    if (listed === trivial) trivialRps = ten.requests.average
    const row: EndpointFigures = {
      name: endpoint.name,
      path: endpoint.path,
      requests: single.requests.total,
      p50Ms: single.latency.p50,
      p99Ms: single.latency.p99,
      rps: Math.round(ten.requests.average),
      ratio: trivialRps ? Math.round((ten.requests.average / trivialRps) * 1000) / 1000 : 0,
      errors: single.errors + ten.errors,
      non2xx: single.non2xx + ten.non2xx,
      serverErrors: single['5xx'] + ten['5xx'],
      ...(probed.dropped ? { dropped: probed.dropped } : {}),
    }
    figures.push(row)
    onRow(row)
  }
  return figures
}

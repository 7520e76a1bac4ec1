/**
 * The analytics hook (B027): events go to a pluggable sink. By default they are pushed to
 * `window.dataLayer` when a tag manager put one there, and dropped otherwise; doNotTrack users
 * send nothing.
 */
export interface AnalyticsEvent {
  category: string
  action: string
  label?: string
}

type Sink = (event: AnalyticsEvent) => void

const dataLayerSink: Sink = (event) => {
  const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer
  layer?.push({ event: 'costlens', ...event })
}

let sink: Sink = dataLayerSink
let tracking = true

export function setAnalyticsSink(next: Sink) {
  sink = next
}

export function setTrackingAllowed(allowed: boolean) {
  tracking = allowed
}

export function trackEvent(event: AnalyticsEvent) {
  if (tracking) sink(event)
}

/** B027: every route path change, under 'App Routing'. */
export function trackRouteChange(path: string) {
  trackEvent({ category: 'App Routing', action: 'navigate', label: path })
}

/**
 * An app's signature (the key the lists filter "similar apps" by): a pipeline run's is its
 * pipeline's name, any other's its kind and its seed sequence modulo SIGNATURE_SPREAD (so about 5,000
 * apps of a kind share one). A top-level app's follows from its own row (a top-level pipeline run is
 * named after its pipeline), so the row stores NULL for it and every reader makes it again
 * (repositories/app-row-as-shown.ts: 12 MB of text over a million apps, issue 18); a child job's
 * pipeline is drawn on its own, so a child stores its signature.
 */
export const SIGNATURE_SPREAD = 5003

/** The signature a top-level app of this name, kind and seed sequence has. */
export const topLevelSignature = (
  isPipelineName: boolean,
  name: string,
  kind: string,
  seq: number,
): string => (isPipelineName ? name : `${kind}-${seq % SIGNATURE_SPREAD}`)

/**
 * What the row stores as an app's signature: NULL when its row makes it again (a top-level app whose
 * signature is topLevelSignature's), else the signature (a child job's, a Kubernetes Spark
 * application's: its workload's name).
 */
export const storedSignature = (
  app: { parent_id: string | null; name: string; kind: string; signature: string },
  seq: number,
  isPipelineName: boolean,
): string | null =>
  app.parent_id === null && topLevelSignature(isPipelineName, app.name, app.kind, seq) === app.signature
    ? null
    : app.signature

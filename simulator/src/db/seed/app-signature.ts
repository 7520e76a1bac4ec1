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

/** What the row stores as the signature of an app with this parent. */
export const storedSignature = (parentId: string | null, signature: string): string | null =>
  parentId === null ? null : signature

/**
 * Application details derived on demand from the application record (issue 17): pure functions of
 * the record and the clock, the same for the same app, stored nowhere.
 */
export { recordAsRead, appLife, type DetailsRecord } from './record.ts'
export { deriveSpark, sparkDerivation, sparkStageTasks, skewedStages, SKEW_MAX_OVER_P75 } from './spark.ts'
export { deriveMr, mrDerivation, mrTasks, MR_MAX_ATTEMPTS } from './mr.ts'
export { deriveFailure } from './diagnostics.ts'
export { failureKind, failureKindOfText, FAILURE_CATEGORY_OF } from './failure.ts'
export { deriveResources, seriesOfAllocations, resourceStep, MAX_RESOURCE_POINTS } from './resources.ts'

import type { ClusterType } from '../contracts/common.ts'
import type { EnableFlag } from '../contracts/auth.ts'

const ON_PREMISES: readonly ClusterType[] = ['CDH', 'HDP', 'CDP', 'MAPR']

/**
 * The switchable enable flags a new user of a cluster type starts with (the derived
 * `isNot…`/`isNonSaas` flags come from `derivedEnableFlags`). Audit, billing, ELK and Python
 * file reports are opt-in features, off unless an admin turns them on; Databricks uses the
 * new chargeback and trend pages, every other type the old ones.
 */
export function defaultEnableFlags(
  clusterType: ClusterType,
): Record<
  Exclude<EnableFlag, 'isNotFreemium' | 'isNotNativeApp' | 'isNotFreeNativeApp' | 'isNonSaas'>,
  boolean
> {
  const onPremises = ON_PREMISES.includes(clusterType)
  const hadoop = onPremises || clusterType === 'EMR'
  return {
    elkEnabled: false,
    kafkaEnabled: hadoop,
    hBaseEnabled: hadoop,
    enableScheduleJobs: hadoop,
    onprem: onPremises,
    pythonFileReportsEnabled: false,
    enableCloudReport: onPremises,
    workloadfitEnabled: onPremises,
    isValueDashboardEnabled: true,
    appstoreEnabled: true,
    isAuditEnabled: false,
    billingEnabled: false,
    topxEnabled: true,
    pipelinesEnabled: true,
    newChargebackAndTrendPages: clusterType === 'DB',
    oldChargebackAndTrendPages: clusterType !== 'DB',
  }
}

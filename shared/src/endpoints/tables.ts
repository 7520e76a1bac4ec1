import type { EndpointTable } from './endpoint.ts'
import { snowflakeEndpoints } from './snowflake.ts'
import { budgetEndpoints } from './budgets.ts'
import { awsAccountEndpoints } from './aws-accounts.ts'
import { tagEndpoints } from './tags.ts'
import { emrEndpoints } from './emr.ts'

/**
 * Every domain's endpoint table, by domain. The simulator's tests check each entry is served as
 * described; a new domain adds its table here.
 */
export const ENDPOINT_TABLES: Readonly<Record<string, EndpointTable>> = {
  snowflake: snowflakeEndpoints,
  budgets: budgetEndpoints,
  awsAccounts: awsAccountEndpoints,
  tags: tagEndpoints,
  emr: emrEndpoints,
}

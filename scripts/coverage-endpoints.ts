import { apiDocument } from '../simulator/src/api-document.ts'
import { readSpecCatalogue } from './spec-catalogue.ts'

/**
 * npm run --silent coverage:endpoints → {"total":183,"implemented":N,"missing":[ids…]}
 * An endpoint row counts as implemented when an operation of the OpenAPI document (generated from
 * the route contracts) names its id in `x-spec-ids`.
 */
const doc = (await apiDocument()) as { paths?: Record<string, Record<string, { 'x-spec-ids'?: string[] }>> }

const implemented = new Set<string>()
for (const methods of Object.values(doc.paths ?? {}))
  for (const op of Object.values(methods)) for (const id of op['x-spec-ids'] ?? []) implemented.add(id)

const catalogue = readSpecCatalogue<{ id: string }[]>('endpoints.json')
const ids = catalogue?.map((e) => e.id)
process.stdout.write(
  JSON.stringify({
    total: ids?.length ?? null,
    implemented: ids ? ids.filter((id) => implemented.has(id)).length : implemented.size,
    missing: ids ? ids.filter((id) => !implemented.has(id)) : null,
  }) + '\n',
)

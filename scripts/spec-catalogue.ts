import fs from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../simulator/src/config.ts'

/**
 * The spec catalogues live beside the repository (../shared/spec), never inside it: the product
 * builds and tests without them, and only the coverage counters read them when they are there.
 */
export function readSpecCatalogue<T>(file: string): T | undefined {
  const dir = process.env.COSTLENS_SPEC_DIR ?? path.resolve(REPO_ROOT, '../shared/spec')
  const full = path.join(dir, file)
  if (!fs.existsSync(full)) {
    process.stderr.write(`spec catalogue ${full} is not present: counting the product only\n`)
    return undefined
  }
  return JSON.parse(fs.readFileSync(full, 'utf8')) as T
}

import type {} from '@fastify/swagger' // brings app.swagger() into the type
import Database from 'better-sqlite3'
import { buildApp } from './app.ts'
import { createSchema } from './db/schema.ts'

/**
 * The OpenAPI document the simulator serves at /openapi.json, made without serving: the routes are
 * registered over an empty database (the tables, no rows), since the document comes from the route
 * contracts alone. A seed would cost seconds for nothing (the contract CLI and the endpoint counter
 * each start with this).
 */
export async function apiDocument(): Promise<unknown> {
  const app = await buildApp({
    dbPath: ':memory:',
    logger: false,
    simControl: false,
    openDatabase: () => {
      const db = new Database(':memory:')
      createSchema(db)
      return db
    },
  })
  try {
    await app.ready()
    return app.swagger()
  } finally {
    await app.close()
  }
}

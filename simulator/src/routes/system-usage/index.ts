import fs from 'node:fs'
import os from 'node:os'
import type { FastifyInstance } from 'fastify'
import { systemUsageEndpoints as calls, type SystemUsage } from '@costlens/shared'
import { readSetting } from '../../db/repositories/settings.ts'
import { databaseObjects } from '../../system/db-sizes.ts'
import { ProcessSampler } from '../../system/process-sampler.ts'
import { route } from '../route.ts'

const fileBytes = (file: string) => {
  try {
    return fs.statSync(file).size
  } catch {
    return 0
  }
}

/** The console's own system usage (R132, R166): this process, its host and its database, measured. */
export default async function systemUsageRoutes(app: FastifyInstance) {
  const sampler = new ProcessSampler(() => app.clock.now())
  app.addHook('onClose', async () => sampler.stop())
  route(app, calls.usage, (): SystemUsage => {
    const { db } = app
    const now = app.clock.now()
    const current = sampler.current()
    const memory = process.memoryUsage()
    const pragma = (name: string) => Number(db.pragma(name, { simple: true }))
    const objects = databaseObjects(db, now)
    return {
      measuredAt: new Date(now).toISOString(),
      process: {
        uptimeSeconds: Math.round(process.uptime()),
        cpuPercent: current.cpuPercent,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        heapTotalBytes: memory.heapTotal,
        nodeVersion: process.version,
      },
      host: {
        cpuCount: os.availableParallelism(),
        loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
        totalMemoryBytes: os.totalmem(),
        freeMemoryBytes: os.freemem(),
      },
      database: {
        fileBytes: db.memory ? pragma('page_count') * pragma('page_size') : fileBytes(db.name),
        walBytes: db.memory ? 0 : fileBytes(`${db.name}-wal`),
        pageSize: pragma('page_size'),
        pageCount: pragma('page_count'),
        freePages: pragma('freelist_count'),
        scale: readSetting(db, 'scale') ?? 'unknown',
        objectsMeasuredAt: objects.measuredAt === null ? null : new Date(objects.measuredAt).toISOString(),
        objects: objects.objects,
      },
      samples: [...sampler.history()],
    }
  })
}

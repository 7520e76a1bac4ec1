import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * COSTLENS_API_URL is the one setting that points the console at a backend.
 * - `npm run dev`: the dev server proxies the API paths to it (default: the local simulator).
 * - `npm run build`: when set, it is baked into the bundle as the absolute API origin,
 *   so the built console talks to a real backend (which must allow the console's origin).
 */
const apiUrl = process.env.COSTLENS_API_URL
const devTarget = apiUrl ?? `http://127.0.0.1:${process.env.SIM_PORT ?? 8080}`
const proxiedPaths = ['/api', '/signInMode', '/saml', '/aad', '/ui', '/openapi.json', '/docs']

/**
 * Writes `x.br` and `x.gz` beside every built script, style sheet and page, once, at build time: the
 * simulator serves them to browsers that accept them (@fastify/static `preCompressed`), so no
 * request pays for compression and the first page's bytes on the wire are the gzip figures the
 * bench budgets.
 */
function precompress(): Plugin {
  return {
    name: 'costlens-precompress',
    apply: 'build',
    writeBundle(options) {
      const root = options.dir!
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name)
          return entry.isDirectory() ? walk(file) : [file]
        })
      for (const file of walk(root).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const content = fs.readFileSync(file)
        if (content.length < 1024) continue
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  define: {
    __API_ORIGIN__: JSON.stringify(
      process.env.NODE_ENV === 'production' && apiUrl ? apiUrl.replace(/\/$/, '') : '',
    ),
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxiedPaths.map((p) => [p, { target: devTarget, changeOrigin: true }])),
  },
  resolve: {
    // @mantine/dates (hoisted to the root) would otherwise bring its own @mantine/core, whose
    // MantineProvider context the client's copy does not fill. One copy of each, from client/.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The shell needs React, the router and RTK on every page: separate chunks, so a release that
    // changes only costlens code leaves them cached. Mantine is not grouped on purpose: a group
    // would pull the components only lazy screens use into the first load. Screens are lazy
    // chunks of their own (app/screens.ts).
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              name: 'redux',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'client',
    // jsdom, one per worker, and the modules loaded once per worker rather than once per file
    // (test/shared-jsdom.ts says why and what is reset between files).
    environment: './test/shared-jsdom.ts',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Vitest leaves node_modules to Node, which would give @mantine/dates the root's @mantine/core
    // (no MantineProvider context in tests); inlined, it goes through `resolve.dedupe` as in the app.
    server: { deps: { inline: ['@mantine/dates'] } },
  },
})

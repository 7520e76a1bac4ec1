import { defineConfig } from 'vitest/config'
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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: {
    __API_ORIGIN__: JSON.stringify(
      process.env.NODE_ENV === 'production' && apiUrl ? apiUrl.replace(/\/$/, '') : '',
    ),
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxiedPaths.map((p) => [p, { target: devTarget, changeOrigin: true }])),
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  test: {
    name: 'client',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
  },
})

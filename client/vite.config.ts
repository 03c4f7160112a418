/**
 * Vite build of the HotVote PWA: React, TanStack Router file routes (code-split per route), Tailwind.
 * Output goes to client/dist, which the Bun server serves; in dev, /api is proxied to the server on :3000.
 */
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { fileURLToPath } from 'node:url'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  root: here('.'),
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: here('./src/routes'), generatedRouteTree: here('./src/routeTree.gen.ts') }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: { '@client': here('./src'), '@contract': here('../server/contract') } },
  build: { outDir: here('./dist'), emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
})

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API server listens here in development (`npm run dev -w @storyreel/server`).
const API_TARGET = 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  server: {
    host: true,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // No public source maps: they would publish the app's source (3 MB) to every visitor.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // No catch-all vendor chunk: every page loads it first, and it pulled the editor's own
        // libraries (drag and drop, sliders, menus) into /signin's first load (bench/bundle-size).
        // The other libraries go with the pages that import them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
})

import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReport } from './build/bundleReport';
import { precompress } from './build/precompress';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), bundleReport()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/socket.io': { target: API_ORIGIN, changeOrigin: true, ws: true },
      '/files': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so app deploys do not bust the libraries' cache. `$initial`:
        // only what the first screen imports; a library used only by lazy chunks (the settings
        // panel's select, say) goes with them instead of being preloaded by every page.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](@radix-ui|radix-ui|lucide-react|sonner|@floating-ui)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            { name: 'app', test: /[\\/]web[\\/]src[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});

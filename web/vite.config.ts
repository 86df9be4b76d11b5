import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { antdStaticStyles } from './vite/antd-static-styles';
import { pureContractSchemas } from './vite/pure-contract-schemas';

// The web app imports libs/contracts and libs/domain from source (the "source" export condition),
// so it never waits on their build.
export default defineConfig({
  // pureContractSchemas: the contracts' schemas the app does not use are left out of its bundle
  // rather than built at startup (docs/performance.md "The workspace screen's startup").
  // antdStaticStyles: antd's component styles generated at build time instead of in the first
  // renders (docs/performance.md#antds-styles-generated-at-build-time).
  plugins: [pureContractSchemas(), antdStaticStyles(), react()],
  resolve: { conditions: ['source'] },
  worker: { format: 'es', plugins: () => [pureContractSchemas()] },
  build: {
    target: 'es2022',
    outDir: 'dist',
    chunkSizeWarningLimit: 2500,
    // graph-lab.html: the graph engine alone on generated data, for its Playwright test and benchmark.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'graph-lab': fileURLToPath(new URL('./graph-lab.html', import.meta.url)),
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/auth/linkedin': 'http://127.0.0.1:3000',
      '/sample_connections.csv': 'http://127.0.0.1:3000',
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});

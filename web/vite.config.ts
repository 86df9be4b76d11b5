import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app imports libs/contracts and libs/domain from source (the "source" export condition),
// so it never waits on their build.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', chunkSizeWarningLimit: 2500 },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:3000', '/auth/linkedin': 'http://127.0.0.1:3000', '/sample_connections.csv': 'http://127.0.0.1:3000' },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});

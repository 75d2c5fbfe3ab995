import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API and the Socket.IO channel live on the Node server; the dev and preview servers pass them through.
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each file, made once here, so the server sends them as they
    // are (express-static-gzip) instead of compressing on every request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The vendor chunk is one file on purpose (about 170 kB as brotli, cached across releases).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // The libraries change far less often than the app: in a chunk of their own they stay
        // cached in the browser across releases.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
});

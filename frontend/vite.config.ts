import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API and the Socket.IO channel live on the Node server; the dev and preview servers pass them through.
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
});

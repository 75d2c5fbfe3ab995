import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The libraries the shell itself runs on: React and its router ... */
const REACT =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;
/** ... and the store, styles, texts, live channel, dates and schemas. */
const VENDOR =
  /[\\/]node_modules[\\/](@reduxjs|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store|redux-saga|@redux-saga|styled-components|stylis|@emotion|tslib|i18next|react-i18next|html-parse-stringify|void-elements|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|debug|ms|xmlhttprequest-ssl|ws|zod|date-fns|@date-fns)[\\/]/;

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
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // The libraries every screen needs change far less often than the app: in chunks of their
        // own (each under the size warning) they stay cached in the browser across releases. A
        // library only some screens use (react-calendar) goes with them, into the chunks the
        // router loads when they open (app/router.tsx).
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT },
            { name: 'vendor', test: VENDOR },
          ],
        },
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

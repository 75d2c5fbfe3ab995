import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests of the SPA (slices, selectors, sagas, components) in a simulated browser.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.unit.test.{ts,tsx}'],
  },
});

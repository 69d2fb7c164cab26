import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on its own port behind Vite's proxy (README "Development").
const apiTarget = process.env.LECTERN_API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget, '/tus': apiTarget },
  },
  // No source maps in the build: they would publish the app's source (issue 12).
  build: { sourcemap: false },
});

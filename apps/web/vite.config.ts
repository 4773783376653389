import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 8080}`, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports, with its dependencies, in one chunk: every page loads all of
          // it anyway, and one request instead of about twenty saves their round trips and headers.
          groups: [
            { name: 'start', test: /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/ },
            // The labels of one language in one chunk (the kernel's, the toolkit's, the areas'):
            // the workspace loads the language it shows with one request.
            { name: 'labels-zh-CN', test: /[\\/]locales[\\/]zh-CN\.json$/ },
            { name: 'labels-en', test: /[\\/]locales[\\/]en\.json$/ },
          ],
        },
      },
    },
  },
});

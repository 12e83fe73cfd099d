// Vite build of the web app: root is web/, output web/dist (served by the local runtime and CloudFront).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { BOOT_SCRIPT } from '../shared/boot-script';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const gateway = process.env.PORTAL_GATEWAY ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    {
      // The one inline script (its hash is in the Content-Security-Policy): before the first paint.
      name: 'portal-boot-script',
      transformIndexHtml: () => [{ tag: 'script', children: BOOT_SCRIPT, injectTo: 'head-prepend' }],
    },
  ],
  build: {
    // The render function (lambdas/pages) reads it to preload a page's lazy chunk with the HTML.
    manifest: true,
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // Two entries: the app (index.html) and the islands of the public pages (src/islands).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        islands: fileURLToPath(new URL('./src/islands/boot.ts', import.meta.url)),
      },
      // zod ships pure-annotations Rollup cannot place; the warning is noise.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
      output: {
        // Amplify is loaded lazily (see src/auth/load.ts); keep it in one chunk of its own. tslib is
        // shared with public-page code (Mantine's modal scroll lock): left unassigned, Rollup would put
        // it in the Amplify chunk and every page would download Amplify for three helpers.
        manualChunks(id) {
          if (id.includes('node_modules/tslib')) return 'tslib';
          if (id.includes('node_modules/aws-amplify') || id.includes('node_modules/@aws-amplify') || id.includes('node_modules/@aws-crypto') || id.includes('node_modules/@smithy')) {
            return 'amplify';
          }
          return undefined;
        },
      },
    },
  },
  server: {
    // shared/ lives beside web/.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/media': { target: gateway, changeOrigin: true },
      '/config.json': { target: gateway, changeOrigin: true },
      '/cognito': { target: gateway, changeOrigin: true },
      // Live updates: the gateway's WebSocket API (config.json's liveUrl is '/ws' locally).
      '/ws': { target: gateway, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/media': { target: gateway, changeOrigin: true },
      '/config.json': { target: gateway, changeOrigin: true },
      '/cognito': { target: gateway, changeOrigin: true },
    },
  },
});

import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// One id per build, shared by the browser and the server bundles (both are built in this process),
// so that the site can tell when a newer build is being served.
process.env.BUILD_ID ??= `${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  plugins: [reactRouter()],
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID) },
  build: { sourcemap: false },
});

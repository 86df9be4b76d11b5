import { startTransition, StrictMode } from 'react';
// antd's component styles, generated when the app is built (web/vite/antd-static-styles.ts), first:
// the app's own styles follow them, as they followed antd's styles inserted at runtime.
import 'virtual:antd-static-styles.css';
import './app/global.css';

/** A turn of the event loop: the browser may paint or answer input before the next stage. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's first code (React DOM, the router and store, antd, the contracts' schemas) is evaluated
// in four stages, each in a task of its own: in one piece it was a single long task before anything
// could paint (docs/performance.md#figures-behind-choices-in-the-code). The pages themselves are
// chunks of their own (routes.tsx).
const { createRoot } = await import('react-dom/client');
await nextTask();
const [{ createBrowserRouter }, { RouterProvider }] = await Promise.all([
  import('react-router'),
  import('react-router/dom'),
  import('./lib/store/store'),
]);
await nextTask();
const [{ Providers }, { StyleWarmup }] = await Promise.all([
  import('./app/providers'),
  import('./app/style-warmup'),
]);
await nextTask();
const { routes } = await import('./app/routes');

const router = createBrowserRouter(routes);
const root = createRoot(document.getElementById('root')!);
// The first render mounts antd's provider, layout and theme (their styles are generated as they
// mount): as a transition React renders it in slices, yielding to the page every few ms, instead
// of one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <StyleWarmup />
      </Providers>
    </StrictMode>,
  ),
);

import { startTransition, StrictMode } from 'react';
import './app/global.css';

/** A turn of the event loop: the browser may paint or answer input before the next stage. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's first code (about 1 MB: React DOM, the router and store, antd, the contracts' schemas)
// is evaluated in four stages, each in a task of its own: in one piece it was a single task of
// 60-130 ms before anything could paint. The pages themselves are chunks of their own (routes.tsx).
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
// of one task of 100 ms or more.
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

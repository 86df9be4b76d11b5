/* global window, requestAnimationFrame -- START_RAF_RECORDER runs in the browser */
/**
 * Five seconds of real input through the browser's input pipeline: drag-pans in a loop with
 * wheel zooms in and out between them, the same script for both engines.
 */
export async function panAndZoom(page, durationMs = 5000, viewport = { width: 1000, height: 700 }) {
  const cx = viewport.width / 2;
  const cy = viewport.height / 2;
  const end = Date.now() + durationMs;
  let round = 0;
  while (Date.now() < end) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let step = 1; step <= 12 && Date.now() < end; step++) {
      const angle = (step / 12) * Math.PI * 2 + round;
      await page.mouse.move(cx + Math.cos(angle) * 120, cy + Math.sin(angle) * 80);
    }
    await page.mouse.up();
    const direction = round % 2 === 0 ? -1 : 1;
    for (let notch = 0; notch < 4 && Date.now() < end; notch++) await page.mouse.wheel(0, direction * 120);
    round++;
  }
}

/** Records requestAnimationFrame intervals in the page until the returned stop() is evaluated. */
export const START_RAF_RECORDER = () => {
  const intervals = [];
  let last = performance.now();
  let isOn = true;
  const tick = (now) => {
    intervals.push(now - last);
    last = now;
    if (isOn) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__rafRecorder = { stop: () => ((isOn = false), intervals) };
};

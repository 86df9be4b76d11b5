import type { GraphEngine, GraphHover } from '../graph';
import type { LabNode } from './generate-network';

const PANEL =
  'position:absolute;background:rgba(15,23,42,.92);border:1px solid #334155;border-radius:6px;padding:6px 10px;';
const DEGREE = ['You', '1st degree', '2nd degree', '3rd degree'];

/** The toolbar, hover card and tour caption a host app would draw around the engine. */
export function mountLabChrome(container: HTMLElement, engine: GraphEngine) {
  const toolbar = element('div', `${PANEL}left:8px;bottom:8px;display:flex;gap:4px;flex-wrap:wrap;`);
  const tooltip = element('div', `${PANEL}display:none;pointer-events:none;max-width:260px;`);
  tooltip.dataset.testid = 'graph-tooltip';
  const caption = element(
    'div',
    `${PANEL}display:none;left:50%;top:12px;transform:translateX(-50%);font-size:15px;`,
  );
  caption.dataset.testid = 'tour-caption';
  let isFlyBy = false;
  const flyBy = button('Fly-by Tour', () => {
    if (isFlyBy) engine.stopTour();
    else engine.startFlyByTour((text) => (text === null ? setFlyBy(false) : undefined));
    setFlyBy(!isFlyBy);
  });
  const setFlyBy = (on: boolean): void => {
    isFlyBy = on;
    flyBy.textContent = on ? 'Stop Tour' : 'Fly-by Tour';
  };
  toolbar.append(
    button('Force', () => engine.setLayout('force')),
    button('Circular', () => engine.setLayout('circular')),
    button('Hierarchical', () => engine.setLayout('hierarchical')),
    button('+', () => engine.zoomIn()),
    button('−', () => engine.zoomOut()),
    button('Reset', () => engine.resetView()),
    button('Fit', () => engine.fitToScreen()),
    button('Guided tour', () => engine.startGuidedTour()),
    flyBy,
    button(
      'Export PNG',
      () => void engine.exportPng().then(download, (error: unknown) => console.error(error)),
    ),
  );
  container.append(toolbar, tooltip, caption);
  return {
    showTooltip(hover: GraphHover | null): void {
      tooltip.style.display = hover ? 'block' : 'none';
      if (!hover) return;
      const node = hover.node as LabNode;
      const role = [node.position, node.group].filter(Boolean).join(' at ');
      tooltip.innerHTML = '';
      tooltip.append(
        line(node.label, 'font-weight:600'),
        line(role),
        line(DEGREE[Math.min(node.degree, 3)], 'color:#94a3b8'),
        line('Click for more details', 'color:#64748b;font-size:11px'),
      );
      tooltip.style.left = `${hover.x + 12}px`;
      tooltip.style.top = `${hover.y + 12}px`;
    },
    showCaption(text: string | null): void {
      caption.style.display = text ? 'block' : 'none';
      caption.textContent = text ?? '';
    },
  };
}

function element(tag: string, style: string): HTMLElement {
  const el = document.createElement(tag);
  el.style.cssText = style;
  return el;
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const el = document.createElement('button');
  el.textContent = label;
  el.style.cssText =
    'background:#1e293b;color:#e2e8f0;border:1px solid #334155;border-radius:4px;padding:3px 8px;cursor:pointer;';
  el.addEventListener('click', onClick);
  return el;
}

function line(text: string, style = ''): HTMLElement {
  const el = element('div', style);
  el.textContent = text;
  return el;
}

function download(blob: Blob): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'network.png';
  link.click();
  URL.revokeObjectURL(link.href);
}

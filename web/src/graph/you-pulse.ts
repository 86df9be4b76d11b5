import { GRAPH_COLORS } from './render/node-style';

/**
 * The YOU pulse as a DOM ring animated by the compositor (transform and opacity only), so a
 * still graph costs no WebGL frames at all; it moves only when the camera or YOU moves.
 */
export class YouPulse {
  private readonly ring = document.createElement('div');
  private readonly animation: Animation;

  constructor(container: HTMLElement) {
    const color = `#${GRAPH_COLORS.anchor.toString(16).padStart(6, '0')}`;
    Object.assign(this.ring.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      width: '20px',
      height: '20px',
      marginLeft: '-10px',
      marginTop: '-10px',
      borderRadius: '50%',
      border: `2px solid ${color}`,
      pointerEvents: 'none',
      display: 'none',
      boxSizing: 'border-box',
    });
    this.ring.dataset.graphYouPulse = '';
    container.appendChild(this.ring);
    this.animation = this.ring.animate(
      [
        { transform: 'scale(1)', opacity: 0.9 },
        { transform: 'scale(2.4)', opacity: 0 },
      ],
      { duration: 1600, iterations: Infinity, easing: 'ease-out' },
    );
  }

  /** Centre (CSS px in the container) and on-screen radius of YOU, or null to hide. */
  place(x: number, y: number, radius: number): void {
    const size = Math.max(10, radius * 2 + 4);
    Object.assign(this.ring.style, {
      display: 'block',
      left: `${x}px`,
      top: `${y}px`,
      width: `${size}px`,
      height: `${size}px`,
      marginLeft: `${-size / 2}px`,
      marginTop: `${-size / 2}px`,
    });
  }

  hide(): void {
    this.ring.style.display = 'none';
  }

  destroy(): void {
    this.animation.cancel();
    this.ring.remove();
  }
}

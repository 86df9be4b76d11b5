export interface CoolingOptions {
  /** ngraph moves a body at most one time step per step, so this is the first step's reach (world units). */
  startTemperature: number;
  endTemperature: number;
  maxSteps: number;
  /** Mean movement per node per step (world units) under which the picture no longer changes. */
  restMovement: number;
  /** Steps in a row under restMovement before we call it settled. */
  patience: number;
}

/**
 * Our own stop rule: ngraph's stable() never fires on hub-and-cluster graphs because
 * Barnes-Hut jitter keeps the total movement up. The time step doubles as a temperature that
 * falls geometrically to `endTemperature` over at most `maxSteps`, so every run ends; it ends
 * sooner when the mean movement stays under `restMovement` for `patience` steps.
 */
export class CoolingSchedule {
  private step = 0;
  private calmSteps = 0;
  private current: number;
  private decay: number;

  constructor(private options: CoolingOptions) {
    this.current = options.startTemperature;
    this.decay = decayFor(options);
  }

  get temperature(): number {
    return this.current;
  }

  get steps(): number {
    return this.step;
  }

  /** Records one step's mean movement; true when the layout is settled. */
  advance(meanMovement: number): boolean {
    this.step++;
    this.calmSteps = meanMovement < this.options.restMovement ? this.calmSteps + 1 : 0;
    this.current = Math.max(this.options.endTemperature, this.current * this.decay);
    return this.step >= this.options.maxSteps || this.calmSteps >= this.options.patience;
  }

  /** Starts a new, usually shorter, cooling from `temperature`. */
  reheat(overrides: Partial<CoolingOptions>): void {
    this.options = { ...this.options, ...overrides };
    this.step = 0;
    this.calmSteps = 0;
    this.current = this.options.startTemperature;
    this.decay = decayFor(this.options);
  }
}

function decayFor(options: CoolingOptions): number {
  return Math.pow(options.endTemperature / options.startTemperature, 1 / Math.max(1, options.maxSteps));
}

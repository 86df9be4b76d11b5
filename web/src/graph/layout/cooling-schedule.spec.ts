import { describe, expect, it } from 'vitest';
import { CoolingSchedule } from './cooling-schedule';

const options = { startTemperature: 8, endTemperature: 0.5, maxSteps: 100, restMovement: 0.05, patience: 3 };

describe('CoolingSchedule', () => {
  it('cools geometrically from the start to the end temperature', () => {
    const schedule = new CoolingSchedule(options);
    expect(schedule.temperature).toBe(8);
    for (let i = 0; i < 50; i++) schedule.advance(1);
    expect(schedule.temperature).toBeCloseTo(2, 5);
  });

  it('always stops after maxSteps, even when the layout keeps jittering', () => {
    const schedule = new CoolingSchedule(options);
    let steps = 0;
    while (!schedule.advance(1)) steps++;
    expect(steps + 1).toBe(100);
    expect(schedule.temperature).toBeCloseTo(0.5, 5);
  });

  it('stops early once the movement stays under the rest level for a few steps', () => {
    const schedule = new CoolingSchedule(options);
    expect(schedule.advance(0.01)).toBe(false);
    expect(schedule.advance(0.01)).toBe(false);
    expect(schedule.advance(0.2)).toBe(false);
    expect(schedule.advance(0.01)).toBe(false);
    expect(schedule.advance(0.01)).toBe(false);
    expect(schedule.advance(0.01)).toBe(true);
  });

  it('restarts from a new temperature on reheat', () => {
    const schedule = new CoolingSchedule(options);
    for (let i = 0; i < 100; i++) schedule.advance(1);
    schedule.reheat({ startTemperature: 4, maxSteps: 10 });
    expect(schedule.temperature).toBe(4);
    expect(schedule.steps).toBe(0);
  });
});

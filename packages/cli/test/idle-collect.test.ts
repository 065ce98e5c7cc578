/**
 * Watch mode's start-up collection (idle-collect.ts): one full collection at the first idle point
 * after the initial run and its warm-up, only when the heap is large, V8 ran none of its own meanwhile,
 * and no save is queued; `SPECGEN_WATCH_IDLE_GC=0` turns it off.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { IDLE_GC_DELAY_MS, type StartUpCollection, startUpCollector } from '../src/generate/idle-collect.ts';

const later = (ms = IDLE_GC_DELAY_MS * 4) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function recorder() {
  const told: StartUpCollection[] = [];
  return { told, tell: (outcome: StartUpCollection) => told.push(outcome) };
}

describe('the start-up collection', () => {
  it('collects once, at an idle point, when the heap is large enough', async () => {
    const { told, tell } = recorder();
    const collector = startUpCollector(undefined, tell, 0);
    collector.collectWhenIdle(() => true);
    expect(told).toEqual([]); // not at once: after the idle delay
    await later();
    expect(told).toHaveLength(1);
    const ran = told[0]?.ran;
    expect(ran?.before).toBeGreaterThan(0);
    expect(ran?.after).toBeGreaterThan(0);
    expect(ran?.ms).toBeGreaterThanOrEqual(0);
    expect(collector.done).toBe(true);
    collector.collectWhenIdle(() => true);
    await later();
    expect(told).toHaveLength(1);
  });

  it('waits while a save is queued or running, and tries again at the next idle point', async () => {
    const { told, tell } = recorder();
    const collector = startUpCollector(undefined, tell, 0);
    collector.collectWhenIdle(() => false);
    await later();
    expect(told).toEqual([]);
    expect(collector.done).toBe(false);
    collector.collectWhenIdle(() => true);
    await later();
    expect(told).toHaveLength(1);
    expect(told[0]?.ran).not.toBeNull();
  });

  it('does not collect a small heap', async () => {
    const { told, tell } = recorder();
    const collector = startUpCollector(undefined, tell, Number.MAX_SAFE_INTEGER);
    collector.collectWhenIdle(() => true);
    await later();
    expect(told).toEqual([{ ran: null }]);
    expect(collector.done).toBe(true);
  });

  it('does not collect when V8 ran a full collection of its own since the initial run', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { told, tell } = recorder();
    const collector = startUpCollector(undefined, tell, 0);
    gc();
    await later(); // the observer is told after the collection
    collector.collectWhenIdle(() => true);
    await later();
    expect(told).toEqual([{ ran: null }]);
  });

  it('is off with SPECGEN_WATCH_IDLE_GC=0, and a cancelled one never runs', async () => {
    const off = recorder();
    const disabled = startUpCollector('0', off.tell, 0);
    expect(disabled.done).toBe(true);
    disabled.collectWhenIdle(() => true);
    const cancelled = recorder();
    const collector = startUpCollector(undefined, cancelled.tell, 0);
    collector.collectWhenIdle(() => true);
    collector.cancel();
    await later();
    expect(off.told).toEqual([]);
    expect(cancelled.told).toEqual([]);
    expect(collector.done).toBe(false);
  });
});

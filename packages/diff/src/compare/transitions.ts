/**
 * Sign-in transitions. A transition is identified by its state, trigger and condition. Of the
 * transitions left unmatched, a removed and an added one of the same state and trigger are one
 * changed condition when they are the only ones left, or when their conditions are alike.
 */
import type { Transition } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';
import { groupBy } from './group.ts';
import { similarity } from './renames.ts';

const norm = (text: string | null) => (text ?? '-').replace(/\s+/g, ' ').trim();
const move = (t: Transition) => `${norm(t.from)} / ${norm(t.trigger)}`;
const identity = (t: Transition) => `${move(t)} / ${norm(t.condition)}`;

export function compareTransitions(log: ChangeLog, before: Transition[], after: Transition[]): void {
  const left = groupBy(before, identity);
  const pairs: Array<[Transition, Transition]> = [];
  const added: Transition[] = [];
  for (const t of after) {
    const old = left.get(identity(t))?.shift();
    if (old) pairs.push([old, t]);
    else added.push(t);
  }
  const removed = [...left.values()].flat();
  for (const [old, t] of pairChangedConditions(removed, added)) {
    log.add('transition-condition-changed', {
      resource: `transition:${move(t)}`,
      key: norm(old.condition),
      message: `Transition ${move(t)}: condition "${norm(old.condition)}" -> "${norm(t.condition)}".`,
      source: t.source,
    });
    removed.splice(removed.indexOf(old), 1);
    added.splice(added.indexOf(t), 1);
    pairs.push([old, t]);
  }
  for (const t of removed) {
    log.add('transition-removed', {
      resource: `transition:${move(t)}`,
      key: norm(t.condition),
      message: `Transition ${move(t)} [${norm(t.condition)}] -> ${norm(t.to)} was removed.`,
      source: t.source,
    });
  }
  for (const t of added) {
    log.add('transition-added', {
      resource: `transition:${move(t)}`,
      key: norm(t.condition),
      message: `Transition ${move(t)} [${norm(t.condition)}] -> ${norm(t.to)} was added.`,
      source: t.source,
    });
  }
  for (const [a, b] of pairs) {
    const at = { resource: `transition:${move(b)}`, key: norm(b.condition), source: b.source };
    if (norm(a.to) !== norm(b.to) || a.status !== b.status) {
      const status = (t: Transition) => (t.status === null ? '' : ` (${t.status})`);
      log.add('transition-target-changed', {
        ...at,
        message: `Transition ${move(b)} [${norm(b.condition)}]: ${norm(a.to)}${status(a)} -> ${norm(b.to)}${status(b)}.`,
      });
    } else if (norm(a.effects) !== norm(b.effects)) {
      log.add('transition-effects-changed', {
        ...at,
        message: `Transition ${move(b)} [${norm(b.condition)}]: effects "${norm(a.effects)}" -> "${norm(b.effects)}".`,
      });
    }
  }
}

/** Greedy: each removed transition takes the added one of the same move with the most similar condition. */
function pairChangedConditions(removed: Transition[], added: Transition[]): Array<[Transition, Transition]> {
  const pairs: Array<[Transition, Transition]> = [];
  const free = new Set(added);
  for (const old of removed) {
    const candidates = [...free].filter((t) => move(t) === move(old));
    const only = candidates.length === 1 && removed.filter((r) => move(r) === move(old)).length === 1;
    let best: Transition | null = null;
    let bestScore = only ? -1 : 0.5;
    for (const t of candidates) {
      const score = similarity(norm(old.condition), norm(t.condition));
      if (score > bestScore) [best, bestScore] = [t, score];
    }
    if (best) {
      free.delete(best);
      pairs.push([old, best]);
    }
  }
  return pairs;
}

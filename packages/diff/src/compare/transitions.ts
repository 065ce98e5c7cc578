/**
 * Sign-in transitions. A transition is identified by its state, trigger and condition; when one
 * transition of a state and trigger is left on each side, it is one changed condition.
 */
import type { Transition } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';

const norm = (text: string | null) => (text ?? '-').replace(/\s+/g, ' ').trim();
const move = (t: Transition) => `${norm(t.from)} / ${norm(t.trigger)}`;
const identity = (t: Transition) => `${move(t)} / ${norm(t.condition)}`;

export function compareTransitions(log: ChangeLog, before: Transition[], after: Transition[]): void {
  const left = new Map(before.map((t) => [identity(t), t]));
  const pairs: Array<[Transition, Transition]> = [];
  const added: Transition[] = [];
  for (const t of after) {
    const old = left.get(identity(t));
    if (old) {
      left.delete(identity(t));
      pairs.push([old, t]);
    } else added.push(t);
  }
  const removed = [...left.values()];
  for (const t of [...added]) {
    const sameMove = removed.filter((r) => move(r) === move(t));
    const addedSameMove = added.filter((a) => move(a) === move(t));
    if (sameMove.length !== 1 || addedSameMove.length !== 1) continue;
    const old = sameMove[0]!;
    log.add('transition-condition-changed', { resource: `transition:${move(t)}`, key: norm(old.condition), message: `Transition ${move(t)}: condition "${norm(old.condition)}" -> "${norm(t.condition)}".`, source: t.source });
    removed.splice(removed.indexOf(old), 1);
    added.splice(added.indexOf(t), 1);
    pairs.push([old, t]);
  }
  for (const t of removed) {
    log.add('transition-removed', { resource: `transition:${move(t)}`, key: norm(t.condition), message: `Transition ${move(t)} [${norm(t.condition)}] -> ${norm(t.to)} was removed.`, source: t.source });
  }
  for (const t of added) {
    log.add('transition-added', { resource: `transition:${move(t)}`, key: norm(t.condition), message: `Transition ${move(t)} [${norm(t.condition)}] -> ${norm(t.to)} was added.`, source: t.source });
  }
  for (const [a, b] of pairs) {
    const at = { resource: `transition:${move(b)}`, key: norm(b.condition), source: b.source };
    if (norm(a.to) !== norm(b.to) || a.status !== b.status) {
      const status = (t: Transition) => (t.status === null ? '' : ` (${t.status})`);
      log.add('transition-target-changed', { ...at, message: `Transition ${move(b)} [${norm(b.condition)}]: ${norm(a.to)}${status(a)} -> ${norm(b.to)}${status(b)}.` });
    } else if (norm(a.effects) !== norm(b.effects)) {
      log.add('transition-effects-changed', { ...at, message: `Transition ${move(b)} [${norm(b.condition)}]: effects "${norm(a.effects)}" -> "${norm(b.effects)}".` });
    }
  }
}

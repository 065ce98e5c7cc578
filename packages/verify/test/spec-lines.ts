/** Where the spec states things, read from the parsed IR: the lines a finding must point at. */
import { spec } from './sandbox.ts';

export const lines = {
  field(resource: string, field: string): number {
    const f = spec.resources.find((r) => r.name === resource)?.fields.find((x) => x.name === field);
    if (!f) throw new Error(`no field ${resource}.${field}`);
    return f.source.line;
  },
  resource(resource: string): number {
    const r = spec.resources.find((x) => x.name === resource);
    if (!r) throw new Error(`no resource ${resource}`);
    return r.source.line;
  },
  errorRow(endpoint: string, status: number, condition = /./): number {
    const row = spec.errorTables
      .filter((t) => t.appliesTo.includes(endpoint))
      .flatMap((t) => t.cases)
      .find((c) => c.status === status && condition.test(c.condition));
    if (!row) throw new Error(`no error row ${endpoint} ${status}`);
    return row.source.line;
  },
  endpoint(id: string): number {
    const e = spec.endpoints.find((x) => x.id === id);
    if (!e) throw new Error(`no endpoint ${id}`);
    return e.source.line;
  },
  versioning(rule: string): number {
    const v = spec.versioning.find((x) => x.rule === rule);
    if (!v) throw new Error(`no versioning rule ${rule}`);
    return v.source.line;
  },
  unknown(id: string): number {
    const u = spec.unknowns.find((x) => x.id === id);
    if (!u) throw new Error(`no open point ${id}`);
    return u.source.line;
  },
  transition(trigger: string, condition: string): number {
    const t = spec.transitions.find((x) => x.trigger.includes(trigger) && (x.condition ?? '').includes(condition));
    if (!t) throw new Error(`no sign-in flow row ${trigger} / ${condition}`);
    return t.source.line;
  },
  loginField(field: string): number {
    const f = spec.structures.find((s) => s.name === 'LoginResponse')?.fields.find((x) => x.name === field);
    if (!f) throw new Error(`no LoginResponse.${field}`);
    return f.source.line;
  },
};

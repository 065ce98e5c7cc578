/**
 * Responses that every read operation of a kind answers alike, whatever its resource, stated once
 * under `components/responses` and referred to with `$ref` (docs/decisions/openapi.md, "Repeated
 * facts stated once"): the 401 of every read, the 400 of every list and of every get. A
 * 600-resource spec wrote each 600 or 1,200 times. An operation refers to one only when its route
 * answers the same (the same route-table entry, and no error table of the spec adds to it), so the
 * response it would write is the same JSON value; a route whose answer differs keeps its own.
 */
import { sameJson } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';
import { PREFIX_ERRORS, responses } from '../responses.ts';
import type { ResponseContract, RouteContract } from '../route-types.ts';
import { READ_ANSWERS } from '../routes.ts';
import { deepFreeze } from './deep-freeze.ts';

interface SharedResponse {
  name: string;
  kind: RouteContract['kind'];
  status: string;
  /** The route table's answer, as a read route of `kind` has it (its own, then the path parameters'). */
  contract: ResponseContract;
  ref: JsonSchema;
}

const shared = (name: string, kind: RouteContract['kind'], status: string, own: ResponseContract) =>
  ({
    name,
    kind,
    status,
    contract: responses({ [Number(status)]: own }, PREFIX_ERRORS)[status] as ResponseContract,
    ref: deepFreeze({ $ref: `#/components/responses/${name}` }),
  }) satisfies SharedResponse;

const SHARED: readonly SharedResponse[] = [
  shared('ListBadRequest', 'list', '400', READ_ANSWERS.listBadRequest),
  shared('GetBadRequest', 'get', '400', READ_ANSWERS.getBadRequest),
  shared('ReadUnauthorized', 'list', '401', READ_ANSWERS.unauthorized),
  shared('ReadUnauthorized', 'get', '401', READ_ANSWERS.unauthorized),
];

/** `components/responses`: each shared response as `write` (operation-responses.ts) writes a route's. */
export function sharedResponses(write: (contract: ResponseContract) => JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const s of SHARED) out[s.name] ??= write(s.contract);
  return out;
}

/** The `$ref` for `route`'s answer at `status` when it is a shared response's, else undefined. */
export function sharedResponseRef(
  route: RouteContract,
  status: string,
  response: ResponseContract,
): JsonSchema | undefined {
  for (const s of SHARED)
    if (s.kind === route.kind && s.status === status && (s.contract === response || sameJson(s.contract, response)))
      return s.ref;
  return undefined;
}

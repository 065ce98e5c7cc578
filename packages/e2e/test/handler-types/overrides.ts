/**
 * Type test of handler overrides, compiled by tsc in server-handler-types.test.ts: each
 * `@ts-expect-error` line must be an error (tsc reports an unused directive otherwise), and the
 * rest must compile. The test also compiles this file without the directives and expects exactly
 * these errors, so a directive cannot hide a different mistake.
 */
import { HttpError, type HandlerOverrides } from '@service-api/server';
import type { ProductRecord } from '@service-api/types';

declare const record: ProductRecord;

/** Correct overrides compile: records of the resource's type, typed query options, typed bodies. */
export const correct: HandlerOverrides = {
  ProductRecords: {
    list: async ({ query }) =>
      query.select?.includes('SerialNumber') === false ? [] : [record].slice(query.skip, query.skip + query.top),
    get: async ({ id }) => (id === record.Id ? record : null),
  },
  SignIn: {
    login: async (request, reply, tools) =>
      request.body.Username.length > 256 ? reply.code(400).send('"too long"') : tools.next(request, reply),
  },
  Schedules: {
    list: async () => {
      throw new HttpError(400, 'not here');
    },
  },
};

export const wrongFieldType: HandlerOverrides = {
  // @ts-expect-error SerialNumber is a string in ProductRecord, not a number
  ProductRecords: { list: async () => [{ ...record, SerialNumber: 42 }] },
};

export const wrongIdType: HandlerOverrides = {
  // @ts-expect-error Id is an Int64 (bigint), not a string
  ProductRecords: { get: async () => ({ ...record, Id: '1' }) },
};

export const missingField: HandlerOverrides = {
  // @ts-expect-error a record lacking the other fields of ProductRecord is not a ProductRecord
  ProductRecords: { list: async () => [{ Id: 1n, SerialNumber: 'A' }] },
};

export const unknownSelectKey: HandlerOverrides = {
  ProductRecords: {
    // @ts-expect-error $select keys are the resource's field names
    list: async ({ query }) => (query.select?.includes('SerialNo') ? [] : [record]),
  },
};

export const wrongBodyType: HandlerOverrides = {
  SignIn: {
    // @ts-expect-error the login body's Username is a string
    login: async (request, reply) => reply.send(request.body.Username * 2),
  },
};

export const unknownGroup: HandlerOverrides = {
  // @ts-expect-error there is no resource ProductRecord (it is ProductRecords)
  ProductRecord: { list: async () => [] },
};

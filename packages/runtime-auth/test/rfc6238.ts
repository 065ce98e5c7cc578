/** RFC 6238 Appendix B: seeds and expected 8-digit codes (see REFERENCE.md). */
import { base32Of } from './base32.ts';
import type { TotpAlgorithm, TotpDevice } from '../src/index.ts';

export const RFC6238_SEEDS: Record<TotpAlgorithm, string> = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
};

export const RFC6238_VECTORS: Array<{ t: number; SHA1: string; SHA256: string; SHA512: string }> = [
  { t: 59, SHA1: '94287082', SHA256: '46119246', SHA512: '90693936' },
  { t: 1111111109, SHA1: '07081804', SHA256: '68084774', SHA512: '25091201' },
  { t: 1111111111, SHA1: '14050471', SHA256: '67062674', SHA512: '99943326' },
  { t: 1234567890, SHA1: '89005924', SHA256: '91819424', SHA512: '93441116' },
  { t: 2000000000, SHA1: '69279037', SHA256: '90698825', SHA512: '38618901' },
  { t: 20000000000, SHA1: '65353130', SHA256: '77737706', SHA512: '47863826' },
];

export function rfcDevice(algorithm: TotpAlgorithm): TotpDevice {
  return { secret: base32Of(Buffer.from(RFC6238_SEEDS[algorithm], 'ascii')), algorithm, digits: 8, period: 30 };
}

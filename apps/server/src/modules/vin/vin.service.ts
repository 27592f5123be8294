import {
  VIN_DECODE_MESSAGES,
  VIN_MESSAGES,
  VIN_PATTERN,
  type VinDecodeResult,
} from '@toolkit/contracts/vin.ts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { VinServiceError, type VinDecoder } from '../../providers/vin/vin-decoder.ts';

/** VIN decoding: the pattern is checked here, the public service's failures become a 502. */
export class VinService {
  constructor(private readonly decoder: VinDecoder) {}

  async decode(vin: string, log: FastifyBaseLogger): Promise<VinDecodeResult> {
    if (!VIN_PATTERN.test(vin)) throw badRequest(VIN_MESSAGES.invalid, 'INVALID_VIN');
    try {
      return await this.decoder.decode(vin);
    } catch (err) {
      if (err instanceof VinServiceError) {
        log.warn({ err, vin }, 'VIN service answer unusable');
        throw new AppError(502, 'VIN_DECODE_FAILED', VIN_DECODE_MESSAGES.failed);
      }
      throw err;
    }
  }
}

import { randomInt } from 'node:crypto';
import { USER_CODE_ALPHABET, USER_CODE_LENGTH } from '../../../shared/device-code';

/** A fresh user code (8 letters, uniformly drawn from the RFC 8628 §6.1 alphabet). */
export function generateUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i += 1) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { AppError } from '../app-error';

export const TOO_EASY_TO_GUESS = 'This password is too easy to guess. Choose a less common one';

/**
 * zxcvbn's time grows steeply with length (a 256-character password takes most of a second); the very
 * weakest passwords show in their first characters, so only those are scored.
 */
const SCORED_LENGTH = 64;

let configured = false;

/**
 * Refuses the very weakest passwords (zxcvbn's score 0: top of the leaked-password lists, keyboard walks,
 * one repeated character), from the bundled dictionaries, offline. The length rules stay the contracts'.
 */
export function assertPasswordNotTrivial(password: string, userInputs: string[] = []): void {
  if (!configured) {
    zxcvbnOptions.setOptions({
      dictionary: common.dictionary,
      graphs: common.adjacencyGraphs,
    });
    configured = true;
  }
  if (zxcvbn(password.slice(0, SCORED_LENGTH), userInputs).score === 0)
    throw new AppError('VALIDATION_ERROR', TOO_EASY_TO_GUESS);
}

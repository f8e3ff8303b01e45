/**
 * How a file import is stopped: by its client going away or by the user's stop, until the import has
 * passed its last check and begins to commit. From then on it is saved whatever is asked.
 */
export class ImportStop {
  readonly #controller = new AbortController();
  #sealed = false;

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get stopped(): boolean {
    return this.#controller.signal.aborted;
  }

  /** Asks the import to stop; false when it is too late (the import is being saved). */
  stop(): boolean {
    if (this.#sealed) return false;
    this.#controller.abort();
    return true;
  }

  /** Called by the import at its last check, with nothing awaited between the check and this call. */
  seal(): void {
    this.#sealed = true;
  }
}

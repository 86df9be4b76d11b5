/**
 * Reads of one key in rounds (docs/workspace-network.md "Many readers at once"): a caller who
 * asks while a read of the key runs gets the next read, which starts once the running one has
 * ended and which every caller arriving meanwhile shares. So each caller's read starts after it
 * asked (nothing committed before its request is missed), and a key has at most one read running
 * and one waiting, however many ask at once. The next round's read is the one its first caller
 * passed.
 */
export class ReadRounds<K, T> {
  private readonly rounds = new Map<K, Round<T>>();

  read(key: K, load: () => Promise<T>): Promise<T> {
    const round = this.rounds.get(key);
    if (!round) return this.start(key, load);
    round.next ??= round.running.then(settled, settled).then(() => this.start(key, load));
    return round.next;
  }

  /** Keys with a read running: none once every round has ended. */
  get size(): number {
    return this.rounds.size;
  }

  private start(key: K, load: () => Promise<T>): Promise<T> {
    const round: Round<T> = { running: Promise.resolve() as Promise<never> };
    round.running = Promise.resolve()
      .then(load)
      .finally(() => {
        // A next round takes the key over when it starts; without one the key is free.
        if (!round.next && this.rounds.get(key) === round) this.rounds.delete(key);
      });
    this.rounds.set(key, round);
    return round.running;
  }
}

interface Round<T> {
  running: Promise<T>;
  next?: Promise<T>;
}

const settled = (): void => undefined;

/**
 * When waiting work leaves as a batch: the one rule of every group-committed write (the unit of
 * work, audit/unit-of-work.ts; used JWT IDs, oauth/jti-once.ts), so that a statement — its
 * build, its write to the socket, its parse and commit in PostgreSQL — serves many requests.
 *
 * A batch leaves when the event loop has run every request already read (a `setImmediate`
 * turn: the work of one I/O phase goes together), and, while another batch is on the wire, only
 * once `coalesce` items wait; otherwise they wait for that batch to be answered and leave
 * together then. At most `maxInFlight` batches are on the wire at once. No timer: work never
 * waits longer than the batch before it.
 */
export interface CoalescingWindow {
  /** Call after queueing an item: schedules a batch when one may leave. */
  arrived(): void;
}

export interface CoalescingOptions {
  /** How many items wait. */
  waiting: () => number;
  /**
   * Takes the next batch from the queue, synchronously, and sends it; resolves once it was
   * answered (its items settled). Called only when at least one item waits.
   */
  send: () => Promise<unknown>;
  maxInFlight: number;
  coalesce: number;
}

export function coalescingWindow({ waiting, send, maxInFlight, coalesce }: CoalescingOptions): CoalescingWindow {
  let inFlight = 0;
  let scheduled = false;

  /** A batch may leave: a slot is free, and either none is on the wire or enough items wait. */
  const mayFlush = () => waiting() > 0 && inFlight < maxInFlight && (inFlight === 0 || waiting() >= coalesce);

  function flush() {
    inFlight += 1;
    const done = () => {
      inFlight -= 1;
      // What waited for this batch leaves now, together (it has waited a round trip already).
      if (mayFlush()) flush();
    };
    send().then(done, done);
  }

  return {
    arrived() {
      if (scheduled || !mayFlush()) return;
      scheduled = true;
      // After the current turn, so the items of requests already read join the batch.
      setImmediate(() => {
        scheduled = false;
        if (mayFlush()) flush();
      });
    },
  };
}

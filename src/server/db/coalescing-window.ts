/**
 * When waiting work leaves as a batch: the one rule of every group-committed write (the unit of
 * work, audit/unit-of-work.ts; used JWT IDs, oauth/jti-once.ts), so that a statement — its
 * build, its write to the socket, its parse and commit in PostgreSQL — serves many requests.
 *
 * A batch leaves when the event loop has run every request already read (a `setImmediate`
 * turn: the work of one I/O phase goes together), and, while another batch is on the wire, only
 * once `coalesce` items wait; otherwise they wait for that batch to be answered and leave
 * together then. At most `maxInFlight` batches are on the wire at once.
 *
 * Under load, and only then, a batch may also wait a little for company (`linger`): when the
 * recent batches carried several items each, a batch that could leave with nothing on the wire
 * waits up to `linger` ms for more, and leaves at once when its company has come: as many items
 * as waited when the last batch was answered plus that batch's own (under load their clients come
 * back with the next request), or `coalesce` should that be fewer. Without it,
 * a node serving a share of the load splits its requests into many small batches, each paying a
 * statement and a commit (issue 43: three nodes on one pair of cores carried 8 rows per link
 * against one node's 23, and spent 1.5× its CPU per grant). A lone request, or a few clients
 * taking turns (recent batches under `LOADED` items), never waits: it leaves after its turn.
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
  /** Milliseconds a batch may wait for more items under load; 0 (the default): never. */
  linger?: number;
}

/**
 * The recent batches' size (a moving average) from which a batch waits for company: several
 * writers at once, not two or three clients taking turns (for them a wait costs more latency
 * than the shared commit saves: measured on the embedded database's mixed load).
 */
const LOADED = 4;

export function coalescingWindow({
  waiting,
  send,
  maxInFlight,
  coalesce,
  linger = 0,
}: CoalescingOptions): CoalescingWindow {
  let inFlight = 0;
  let scheduled = false;
  /** How many items the recent batches carried, each batch weighing half (a moving average). */
  let recent = 0;
  let lingering: NodeJS.Timeout | null = null;
  /**
   * How many items a lingering batch waits for: the last answered batch's own and those that
   * waited for it. A node serving 16 clients then leaves with its 16 as soon as they are back,
   * instead of at the timer (which bounds it when they do not come back).
   */
  let company = coalesce;

  /** A batch may leave: a slot is free, and either none is on the wire or enough items wait. */
  const mayFlush = () => waiting() > 0 && inFlight < maxInFlight && (inFlight === 0 || waiting() >= coalesce);
  /** The load is such that a batch waits for company before it leaves alone on the wire. */
  const shouldLinger = () => linger > 0 && inFlight === 0 && recent >= LOADED && waiting() < company;

  function flush() {
    if (lingering) clearTimeout(lingering);
    lingering = null;
    const before = waiting();
    recent = (recent + before) / 2;
    inFlight += 1;
    const answered = send();
    // What `send` took (synchronously; a unit's limit may leave some behind, which still wait).
    const size = before - waiting();
    const done = () => {
      inFlight -= 1;
      company = Math.min(coalesce, size + waiting());
      // What waited for this batch leaves now, together (it has waited a round trip already).
      leave();
    };
    answered.then(done, done);
  }

  /** Sends a batch if one may leave, or lets it linger for more (see above). */
  function leave() {
    if (!mayFlush()) return;
    if (!shouldLinger()) return flush();
    lingering ??= setTimeout(() => {
      lingering = null;
      if (mayFlush()) flush();
    }, linger);
  }

  return {
    arrived() {
      // A lingering batch leaves as soon as its company is there; otherwise at its timer.
      if (lingering) {
        if (waiting() >= company) flush();
        return;
      }
      if (scheduled || !mayFlush()) return;
      scheduled = true;
      // After the current turn, so the items of requests already read join the batch.
      setImmediate(() => {
        scheduled = false;
        leave();
      });
    },
  };
}

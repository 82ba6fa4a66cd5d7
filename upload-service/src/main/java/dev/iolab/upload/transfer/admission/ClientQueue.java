package dev.iolab.upload.transfer.admission;

import dev.iolab.upload.client.ClientKey;
import java.util.AbstractQueue;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The upload executor's queue, fair among clients: a worker takes the longest-waiting upload whose client runs fewer
 * than {@code perClient} uploads now, so one client's uploads beyond its share of the threads wait while other clients'
 * uploads are taken first. Of the {@code threads}, the last {@code reserved} run only uploads of clients that run
 * none: a client that runs some is taken only while fewer than {@code threads - reserved} run in all, so a few clients
 * that each run their whole share (four at a quarter each) leave threads idle for a client that arrives next, and its
 * upload starts at once instead of behind theirs. Unbounded: {@link Admission} bounds what it admits, so the executor never refuses (it would
 * refuse in the moment between an upload freeing its slot and its worker taking the next, the reason a slot could look
 * held after its answer was sent). Boot's executor metrics read it as any executor's queue: {@code executor.queued},
 * and {@code executor.queue.remaining} as the places {@link Admission} still admits into it.
 */
final class ClientQueue extends AbstractQueue<Runnable> implements BlockingQueue<Runnable> {

    /** An upload in the queue: whose it is, and told when a worker takes it. */
    interface Entry extends Runnable {

        ClientKey client();

        /** A worker took it; its client's running count includes it until {@link #finished} is called for it. */
        void taken();
    }

    private final int perClient;
    private final int shared;
    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition takeable = lock.newCondition();
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private final Map<ClientKey, Integer> running = new HashMap<>();
    private int runningTotal;

    /**
     * A queue without a reserve: every thread runs anyone's upload.
     *
     * @param perClient most uploads of one client that run at once
     * @param capacity uploads {@link Admission} admits to wait here ({@code upload.executor.queue-capacity}); only
     *     reported, never enforced here
     */
    ClientQueue(int perClient, int capacity) {
        this(Integer.MAX_VALUE, perClient, 0, capacity);
    }

    /**
     * @param threads the executor's threads
     * @param perClient most uploads of one client that run at once
     * @param reserved of the threads, how many run only uploads of clients that run none ({@code
     *     upload.client-share.reserved}); at most {@code threads - perClient}
     * @param capacity uploads {@link Admission} admits to wait here ({@code upload.executor.queue-capacity}); only
     *     reported, never enforced here
     */
    ClientQueue(int threads, int perClient, int reserved, int capacity) {
        this.perClient = perClient;
        this.shared = threads - reserved;
        this.capacity = capacity;
    }

    /** A taken entry has finished (or will not run after all): its client may run one more. */
    void finished(Entry entry) {
        lock.lock();
        try {
            Integer count = running.get(entry.client());
            if (count != null) {
                if (count <= 1) {
                    running.remove(entry.client());
                } else {
                    running.put(entry.client(), count - 1);
                }
                runningTotal--;
            }
            takeable.signal();
        } finally {
            lock.unlock();
        }
    }

    /** How many of {@code client}'s uploads run now. */
    int running(ClientKey client) {
        lock.lock();
        try {
            return running.getOrDefault(client, 0);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean offer(Runnable task) {
        lock.lock();
        try {
            waiting.addLast(task);
            takeable.signal();
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void put(Runnable task) {
        offer(task);
    }

    @Override
    public boolean offer(Runnable task, long timeout, TimeUnit unit) {
        return offer(task);
    }

    @Override
    public Runnable take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            for (Runnable task = takeNext(); ; task = takeNext()) {
                if (task != null) {
                    return task;
                }
                takeable.await();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
        long nanos = unit.toNanos(timeout);
        lock.lockInterruptibly();
        try {
            for (Runnable task = takeNext(); ; task = takeNext()) {
                if (task != null || nanos <= 0) {
                    return task;
                }
                nanos = takeable.awaitNanos(nanos);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Runnable poll() {
        lock.lock();
        try {
            return takeNext();
        } finally {
            lock.unlock();
        }
    }

    /** How many uploads run now, of all clients. */
    int running() {
        lock.lock();
        try {
            return runningTotal;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The longest-waiting task a worker may take now, removed and counted as running; null when there is none. A
     * client's upload may run when the client runs fewer than its share, and either runs none or fewer than the
     * unreserved threads run in all.
     */
    private Runnable takeNext() {
        for (Iterator<Runnable> tasks = waiting.iterator(); tasks.hasNext(); ) {
            Runnable task = tasks.next();
            if (!(task instanceof Entry entry)) {
                tasks.remove();
                return task;
            }
            int mine = running.getOrDefault(entry.client(), 0);
            if (mine < perClient && (mine == 0 || runningTotal < shared)) {
                tasks.remove();
                running.put(entry.client(), mine + 1);
                runningTotal++;
                entry.taken();
                return task;
            }
        }
        return null;
    }

    @Override
    public Runnable peek() {
        lock.lock();
        try {
            return waiting.peekFirst();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean remove(Object task) {
        lock.lock();
        try {
            return waiting.remove(task);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int size() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int remainingCapacity() {
        return Math.max(0, capacity - size());
    }

    /** A snapshot: the executor only reads it (to report or to purge, which uploads never need). */
    @Override
    public Iterator<Runnable> iterator() {
        lock.lock();
        try {
            return List.copyOf(waiting).iterator();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int drainTo(Collection<? super Runnable> sink) {
        return drainTo(sink, Integer.MAX_VALUE);
    }

    @Override
    public int drainTo(Collection<? super Runnable> sink, int max) {
        lock.lock();
        try {
            int n = 0;
            while (n < max && !waiting.isEmpty()) {
                sink.add(waiting.pollFirst());
                n++;
            }
            return n;
        } finally {
            lock.unlock();
        }
    }
}

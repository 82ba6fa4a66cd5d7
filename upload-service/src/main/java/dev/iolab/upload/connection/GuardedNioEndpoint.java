package dev.iolab.upload.connection;

import dev.iolab.upload.client.ClientKey;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.apache.coyote.Constants;
import org.apache.coyote.Processor;
import org.apache.coyote.Request;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Tomcat's NIO endpoint with the two connection limits Tomcat lacks, enforced where Tomcat owns the connections (a
 * Valve or a filter sees a request only once its head has been read, which is too late for both):
 * <ul>
 *   <li><b>Connections per client address</b> (as nginx's {@code limit_conn}): a connection beyond the limit is closed
 *       by the acceptor before anything is read from it or allocated for it, so one address can hold at most that many
 *       of the connector's {@code maxConnections}, and the rest stay available to everyone else. IPv6 addresses count
 *       per /64 ({@link ClientKey}); a trusted proxy's connections carry many clients and are not counted (the proxy
 *       limits each client's connections itself).
 *   <li><b>A deadline for the request head</b> (as nginx's {@code client_header_timeout}): Tomcat's
 *       {@code connectionTimeout} is reset by every byte, so a head sent one line every few seconds holds its
 *       connection (and a parked processor, ~55 KB of heap) as long as the client likes. Twice a second a sweep finds
 *       connections whose current request has been in its head longer than the deadline and has Tomcat close them
 *       (an {@code ERROR} event, dispatched as Tomcat's own timeout threads dispatch theirs), without an answer, as
 *       nginx does.
 *   <li><b>A lingering close that ends</b> (as nginx's {@code lingering_time}): after answering a request whose body
 *       it did not read, Tomcat reads and discards the rest (up to {@code server.tomcat.max-swallow-size}) so that the
 *       client can read the answer before the connection closes; each read waits as long as the client likes. A
 *       lingering connection ({@link #linger}) gets a deadline instead: the sweep keeps its read timeout at the time
 *       left, so a client still sending then is cut off, and one client lingers on at most {@code
 *       maxLingeringPerClient} connections at once (the rest are closed right after their answer), so that refused
 *       clients that keep sending cannot hold the container's threads.
 *   <li><b>A cap on open connections that newcomers get past</b> ({@link #setMaxOpenEvictingHeads}, the management
 *       port's): at the cap a new connection closes the one that has been in its head the longest, so that slow heads
 *       from any number of addresses cannot keep a health check waiting in the backlog.
 * </ul>
 * It also finds the connection under a request by its {@code ServletConnection} ID ({@link #socket}), so that body and
 * response decorators can bound the waits of their next blocking read or write. While an upload's worker thread waits
 * in such a read, the same sweep holds off Tomcat's poller ({@link #holdIdleCheck}): both time the wait from the same
 * read timeout, and when the poller wins it closes the connection without an answer (and Tomcat logs an error page
 * failure), where the reading thread answers 408.
 */
final class GuardedNioEndpoint extends NioEndpoint {

    /** What the endpoint did to which connection, for metrics. */
    interface Events {

        Events NONE = new Events() {};

        /** A connection was closed at accept: its address already held {@code maxPerAddress} connections. */
        default void refusedOverAddressLimit() {}

        /** A connection was closed because its request head took longer than the deadline. */
        default void headerTimedOut() {}

        /** A refused request's connection was closed without lingering: its client lingers on enough already. */
        default void lingerRefused() {}

        /** A connection still sending its head was closed to make room for a new one: the connector was full. */
        default void evictedWhenFull() {}

        /** A connection was closed at accept: the connector was full of connections with requests in progress. */
        default void refusedWhenFull() {}
    }

    private static final String PROTOCOL = "http/1.1";
    private static final long SWEEP_MILLIS = 500;

    private final Map<ClientKey, Integer> perAddress = new ConcurrentHashMap<>();
    /** Connections discarding a request body after its answer, until their deadline. */
    private final Map<SocketWrapperBase<?>, Linger> lingering = new ConcurrentHashMap<>();

    private final Map<ClientKey, Integer> lingeringPerClient = new ConcurrentHashMap<>();
    private final Map<String, SocketWrapperBase<NioChannel>> byConnectionId = new ConcurrentHashMap<>();
    /** Connections whose reading thread times its own wait, with the {@link System#nanoTime()} to hold the poller to. */
    private final Map<SocketWrapperBase<?>, Long> heldReads = new ConcurrentHashMap<>();
    /** Connections already closed for their head, until Tomcat removes them. */
    private final Set<SocketWrapperBase<?>> expiredHeads = ConcurrentHashMap.newKeySet();
    /** Connections closed to make room for a new one, until Tomcat removes them. */
    private final Set<SocketWrapperBase<?>> evicted = ConcurrentHashMap.newKeySet();

    private volatile int maxPerAddress;
    private volatile int maxOpen;
    private volatile Predicate<InetAddress> exempt = address -> false;
    private volatile long headerTimeoutNanos;
    private volatile long lingerNanos = TimeUnit.SECONDS.toNanos(5);
    private volatile int maxLingeringPerClient = 16;
    private volatile Events events = Events.NONE;
    private ScheduledExecutorService sweeper;

    GuardedNioEndpoint() {
        connections = new TrackedConnections();
    }

    /** @param max connections one client address may hold; 0 or less: unlimited */
    void setMaxConnectionsPerAddress(int max) {
        this.maxPerAddress = max;
    }

    /**
     * A cap on open connections that a flood cannot hold shut, unlike Tomcat's {@code maxConnections} (which stops
     * accepting at the cap, so newcomers wait in the backlog until a held connection closes): at the cap, a new
     * connection closes the open one that has been sending its request head the longest, and is itself closed at once
     * only when no open connection is in its head (every one is silent, between requests or being served). A request
     * whose head arrives whole is read at once, so it is never the one closed. For connectors whose callers send short
     * requests (the management port); set Tomcat's own {@code maxConnections} to -1 with it.
     *
     * @param max open connections; 0 or less: no cap of ours
     */
    void setMaxOpenEvictingHeads(int max) {
        this.maxOpen = max;
    }

    /** @param proxies addresses whose connections carry many clients: not counted against any address's limit */
    void setExemptAddresses(Predicate<InetAddress> proxies) {
        this.exempt = proxies;
    }

    /**
     * @param millis longest a connection lingers after answering a request whose body it did not read
     * @param perClient connections one client may linger on at once
     */
    void setLinger(long millis, int perClient) {
        this.lingerNanos = TimeUnit.MILLISECONDS.toNanos(millis);
        this.maxLingeringPerClient = perClient;
    }

    /** @param millis longest time from a request's first byte to the end of its head; 0 or less: no deadline */
    void setHeaderTimeoutMillis(long millis) {
        this.headerTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(millis);
    }

    void setEvents(Events events) {
        this.events = events;
    }

    /**
     * The connection under {@code request} lingers from now on: its reads wait at most until the linger time is up,
     * whoever reads (Tomcat discarding the rest of the body, or our own code), and then it is closed.
     *
     * @param request the request whose body is not read; the linger ends with it
     * @param client who it counts against
     * @return false when {@code client} lingers on its share of connections already: do not read its body at all
     */
    boolean linger(SocketWrapperBase<?> wrapper, Request request, ClientKey client) {
        if (lingering.containsKey(wrapper)) {
            return true;
        }
        boolean[] admitted = {false};
        lingeringPerClient.compute(client, (key, count) -> {
            int now = count == null ? 0 : count;
            if (now >= maxLingeringPerClient) {
                return count;
            }
            admitted[0] = true;
            return now + 1;
        });
        if (!admitted[0]) {
            events.lingerRefused();
            return false;
        }
        long deadline = System.nanoTime() + lingerNanos;
        if (lingering.putIfAbsent(wrapper, new Linger(client, request, request.getStartTimeNanos(), deadline))
                != null) {
            releaseLinger(client);
            return true;
        }
        heldReads.remove(wrapper);
        wrapper.setReadTimeout(Math.max(1, TimeUnit.NANOSECONDS.toMillis(lingerNanos)));
        if (!connections.containsValue(wrapper)) {
            endLinger(wrapper); // closed meanwhile: its close found nothing to give back
        }
        return true;
    }

    /** The connection with this {@code ServletConnection} ID, if it is still open. */
    Optional<SocketWrapperBase<NioChannel>> socket(String connectionId) {
        return Optional.ofNullable(byConnectionId.get(connectionId));
    }

    @Override
    protected boolean setSocketOptions(SocketChannel socket) {
        InetAddress inet = remoteAddress(socket);
        ClientKey address = inet == null || exempt.test(inet) ? null : ClientKey.ofAddress(inet);
        if (address != null && !admit(address)) {
            events.refusedOverAddressLimit();
            destroySocket(socket); // counts the connection down and closes it; the acceptor finds no wrapper to close
            return false;
        }
        if (maxOpen > 0 && !makeRoom()) {
            release(address);
            events.refusedWhenFull();
            destroySocket(socket);
            return false;
        }
        // Tracked before Tomcat registers the connection, so that however early it is closed, its close gives it back.
        Tracked tracked = new Tracked(address);
        TrackedConnections open = (TrackedConnections) connections;
        open.tracked.put(socket, tracked);
        boolean configured = super.setSocketOptions(socket);
        if (!connections.containsKey(socket)) {
            // Never registered (Tomcat destroyed it), or already closed: give back what its close did not.
            if (tracked.connectionId != null) {
                byConnectionId.remove(tracked.connectionId);
            }
            if (open.tracked.remove(socket) != null) {
                release(address);
            }
        }
        return configured;
    }

    /**
     * Until {@code untilNanos}, keeps Tomcat's poller from timing out {@code wrapper}'s read: its reading thread waits
     * with a timeout of its own, and must be the one to time out.
     */
    void holdIdleCheck(SocketWrapperBase<?> wrapper, long untilNanos) {
        if (!lingering.containsKey(wrapper)) {
            heldReads.put(wrapper, untilNanos);
        }
    }

    /**
     * {@code millis}, or the time its linger has left when {@code wrapper} lingers (at least 1 ms): a read of a
     * lingering connection waits no longer than that, whatever its reader asks for.
     */
    long readWaitAtMost(SocketWrapperBase<?> wrapper, long millis) {
        Linger linger = lingering.get(wrapper);
        if (linger == null) {
            return millis;
        }
        return Math.max(1, Math.min(millis, TimeUnit.NANOSECONDS.toMillis(linger.deadlineNanos - System.nanoTime())));
    }

    void releaseIdleCheck(SocketWrapperBase<?> wrapper) {
        heldReads.remove(wrapper);
    }

    @Override
    public void startInternal() throws Exception {
        super.startInternal();
        sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, getName() + "-guard");
            thread.setDaemon(true);
            return thread;
        });
        sweeper.scheduleWithFixedDelay(this::sweep, SWEEP_MILLIS, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void sweep() {
        long now = System.nanoTime();
        heldReads.forEach((wrapper, until) -> {
            if (until - now > 0) {
                if (wrapper instanceof NioSocketWrapper nio) {
                    nio.updateLastRead();
                }
            } else {
                heldReads.remove(wrapper, until);
            }
        });
        if (headerTimeoutNanos > 0) {
            closeOverdueHeads(now);
        }
        lingering.forEach((wrapper, linger) -> {
            if (!linger.current()) {
                endLinger(wrapper);
            } else {
                // The reading thread times out its next wait (or its current one, when bytes wake it) by then.
                wrapper.setReadTimeout(Math.max(1, TimeUnit.NANOSECONDS.toMillis(linger.deadlineNanos - now)));
            }
        });
    }

    private void endLinger(SocketWrapperBase<?> wrapper) {
        Linger ended = lingering.remove(wrapper);
        if (ended != null) {
            releaseLinger(ended.client);
        }
    }

    private void releaseLinger(ClientKey client) {
        lingeringPerClient.computeIfPresent(client, (key, count) -> count <= 1 ? null : count - 1);
    }

    @Override
    public void stopInternal() {
        if (sweeper != null) {
            sweeper.shutdownNow();
            sweeper = null;
        }
        super.stopInternal();
    }

    /**
     * Closes every connection whose request head is still incomplete past the deadline ({@link #headStart}). The close
     * is an {@code ERROR} event dispatched as Tomcat's own timeout threads dispatch theirs: the processor closes the
     * connection on a container thread, after any read it is processing.
     */
    private void closeOverdueHeads(long now) {
        long deadline = headerTimeoutNanos;
        for (SocketWrapperBase<NioChannel> wrapper : connections.values()) {
            long start = headStart(wrapper);
            if (start != -1 && now - start > deadline && !evicted.contains(wrapper) && expiredHeads.add(wrapper)) {
                events.headerTimedOut();
                processSocket(wrapper, SocketEvent.ERROR, true);
            }
        }
    }

    /**
     * Whether a new connection may be registered under {@link #setMaxOpenEvictingHeads}: below the cap, or after
     * closing the connection whose request head started longest ago. Runs on the acceptor thread only.
     */
    private boolean makeRoom() {
        if (connections.size() - evicted.size() - expiredHeads.size() < maxOpen) {
            return true;
        }
        SocketWrapperBase<NioChannel> oldest = null;
        long oldestStart = 0;
        for (SocketWrapperBase<NioChannel> wrapper : connections.values()) {
            long start = headStart(wrapper);
            if (start != -1
                    && !evicted.contains(wrapper)
                    && !expiredHeads.contains(wrapper)
                    && (oldest == null || start - oldestStart < 0)) {
                oldest = wrapper;
                oldestStart = start;
            }
        }
        if (oldest == null) {
            return false;
        }
        evicted.add(oldest);
        events.evictedWhenFull();
        processSocket(oldest, SocketEvent.ERROR, true);
        return true;
    }

    /**
     * When the request {@code wrapper} is reading the head of started ({@link System#nanoTime()}), or -1 when it is
     * not in a head: Tomcat parks such a request's processor on its connection (and no other synchronous one: between
     * requests the processor is released; an asynchronous request's processor is parked too, but {@code isAsync()}),
     * and stamps its start when the first byte of the request line arrives.
     */
    private static long headStart(SocketWrapperBase<?> wrapper) {
        if (wrapper.getCurrentProcessor() instanceof Processor processor
                && !processor.isAsync()
                && !processor.isUpgrade()) {
            return processor.getRequest().getStartTimeNanos();
        }
        return -1;
    }

    private boolean admit(ClientKey address) {
        int max = maxPerAddress;
        if (max <= 0) {
            perAddress.merge(address, 1, Integer::sum);
            return true;
        }
        AtomicBoolean admitted = new AtomicBoolean();
        perAddress.compute(address, (key, open) -> {
            int count = open == null ? 0 : open;
            if (count >= max) {
                return open;
            }
            admitted.set(true);
            return count + 1;
        });
        return admitted.get();
    }

    private void release(ClientKey address) {
        if (address != null) {
            perAddress.computeIfPresent(address, (key, open) -> open <= 1 ? null : open - 1);
        }
    }

    private static InetAddress remoteAddress(SocketChannel socket) {
        try {
            return socket.getRemoteAddress() instanceof InetSocketAddress inet ? inet.getAddress() : null;
        } catch (IOException e) {
            return null; // already closed: Tomcat will fail to configure it and close it
        }
    }

    /**
     * What a connection took: a slot of its address (none for a trusted proxy's), and an entry in the ID index once its
     * ID is known.
     */
    private static final class Tracked {

        final ClientKey address;
        volatile String connectionId;

        Tracked(ClientKey address) {
            this.address = address;
        }
    }

    /**
     * A connection lingering after the answer to {@code request}, until {@code deadlineNanos}. Over once that request
     * has moved past discarding its body (Tomcat recycles the request object for the next one, and resets its start).
     */
    private record Linger(ClientKey client, Request request, long startNanos, long deadlineNanos) {

        boolean current() {
            return request.getStartTimeNanos() == startNanos
                    && request.getRequestProcessor().getStage() <= Constants.STAGE_ENDINPUT;
        }
    }

    /**
     * Tomcat's map of open connections. {@code NioSocketWrapper.doClose()} removes a connection from it, whoever
     * closes it, which makes removal the one place to give back what {@link #setSocketOptions} took.
     */
    private final class TrackedConnections extends ConcurrentHashMap<SocketChannel, SocketWrapperBase<NioChannel>> {

        private final Map<SocketChannel, Tracked> tracked = new ConcurrentHashMap<>();

        /**
         * Indexes the connection by its ID as Tomcat registers it, before it hands it to the poller: its first request
         * can reach {@link #socket} on a container thread before {@link #setSocketOptions} returns.
         */
        @Override
        public SocketWrapperBase<NioChannel> put(SocketChannel key, SocketWrapperBase<NioChannel> wrapper) {
            SocketWrapperBase<NioChannel> previous = super.put(key, wrapper);
            Tracked tracking = tracked.get(key);
            if (tracking != null) {
                // Processors ask the wrapper for its ServletConnection with the same protocol name, and reuse it.
                tracking.connectionId =
                        wrapper.getServletConnection(PROTOCOL, "").getConnectionId();
                byConnectionId.put(tracking.connectionId, wrapper);
            }
            return previous;
        }

        @Override
        public SocketWrapperBase<NioChannel> remove(Object key) {
            SocketWrapperBase<NioChannel> removed = super.remove(key);
            if (removed != null) {
                heldReads.remove(removed);
                expiredHeads.remove(removed);
                evicted.remove(removed);
                endLinger(removed);
            }
            Tracked gone = tracked.remove(key);
            if (gone != null) {
                if (gone.connectionId != null) {
                    byConnectionId.remove(gone.connectionId);
                }
                release(gone.address);
            }
            return removed;
        }
    }
}

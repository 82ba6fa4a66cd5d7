package dev.iolab.upload.resumable;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A TCP relay on loopback in front of the service that cuts the network once: when the bytes sent towards the
 * service, over all connections, pass {@code cutAfter}, it resets both sides of the connection that carried them, as a
 * dropped mobile or office link does. Every connection after that is relayed untouched. It can also stop forwarding
 * towards the service for a while ({@link #hold}), as a stalled link does: what it forwarded before reaches the
 * service, what the client sends after waits in the client's buffers, and {@link #forwarded} stands still.
 */
final class CuttingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int target;
    private final long cutAfter;
    private final AtomicLong forwarded = new AtomicLong();
    private final AtomicBoolean cut = new AtomicBoolean();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** Forwarding towards the service takes the read lock; {@link #hold} takes the write lock. */
    private final ReadWriteLock flow = new ReentrantReadWriteLock();

    private CuttingProxy(ServerSocket server, int target, long cutAfter) {
        this.server = server;
        this.target = target;
        this.cutAfter = cutAfter;
    }

    static CuttingProxy start(int target, long cutAfter) throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        CuttingProxy proxy = new CuttingProxy(server, target, cutAfter);
        Thread.ofVirtual().start(proxy::accept);
        return proxy;
    }

    /** A relay that never cuts: it counts and can {@link #hold}. */
    static CuttingProxy relay(int target) throws IOException {
        return start(target, Long.MAX_VALUE);
    }

    int port() {
        return server.getLocalPort();
    }

    /** Whether it has cut a connection. */
    boolean hasCut() {
        return cut.get();
    }

    /** Bytes forwarded towards the service so far, over all connections, request heads included. */
    long forwarded() {
        return forwarded.get();
    }

    /**
     * Stops forwarding towards the service until {@link #release}, called by the same thread; when it returns, no
     * bytes are on their way through the relay, and {@link #forwarded} holds still.
     */
    void hold() throws InterruptedException {
        if (!flow.writeLock().tryLock(1, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the relay did not stop forwarding within a minute");
        }
    }

    /** Forwards again after {@link #hold}. */
    void release() {
        flow.writeLock().unlock();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(client);
                sockets.add(upstream);
                Thread.ofVirtual().start(() -> relay(client, upstream, true));
                Thread.ofVirtual().start(() -> relay(upstream, client, false));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void relay(Socket from, Socket to, boolean towardsService) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (!towardsService) {
                    out.write(buffer, 0, n);
                    out.flush();
                } else if (!forward(from, to, out, buffer, n)) {
                    return;
                }
            }
            to.shutdownOutput();
        } catch (IOException e) {
            reset(to);
        }
    }

    /** Forwards {@code n} bytes towards the service once not held; false when it cut the connection instead. */
    private boolean forward(Socket from, Socket to, OutputStream out, byte[] buffer, int n) throws IOException {
        flow.readLock().lock();
        try {
            if (forwarded.addAndGet(n) > cutAfter && cut.compareAndSet(false, true)) {
                forwarded.addAndGet(-n); // these never reach the service
                reset(from);
                reset(to);
                return false;
            }
            out.write(buffer, 0, n);
            out.flush();
            return true;
        } finally {
            flow.readLock().unlock();
        }
    }

    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException e) {
            // already gone
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(CuttingProxy::reset);
    }
}

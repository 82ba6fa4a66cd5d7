package dev.iolab.upload.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on loopback before a server (Azurite), put between the service and its store: it counts the bytes in
 * each direction, and {@link #holdingFirst holds} on request the first request that carries a given header, so that a
 * test can act (kill the service) while the store has not seen it. Its threads stop when it is closed.
 */
public final class StoreRelay implements AutoCloseable {

    private final ServerSocket server;
    private final int target;
    /** Lower-case {@code "<name>:"} of the header whose first request is held; null to hold nothing. */
    private final String held;

    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "store-relay");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicLong fromServer = new AtomicLong();
    private final AtomicLong toServer = new AtomicLong();
    private final AtomicBoolean holding = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);

    /** A relay that passes everything and counts it. */
    public StoreRelay(int targetPort) throws IOException {
        this(targetPort, null);
    }

    private StoreRelay(int targetPort, String header) throws IOException {
        this.target = targetPort;
        this.held = header == null ? null : header.toLowerCase(Locale.ROOT) + ":";
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::accept);
    }

    /**
     * A relay that passes everything but the first request whose head carries {@code header}: from that request's
     * first bytes on, its connection forwards nothing more either way and stays open until the relay closes, as a
     * store that never answers.
     */
    public static StoreRelay holdingFirst(int targetPort, String header) throws IOException {
        return new StoreRelay(targetPort, header);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Bytes the server sent to the relay's clients so far. */
    public long bytesFromServer() {
        return fromServer.get();
    }

    /** Bytes the relay's clients sent to the server so far. */
    public long bytesToServer() {
        return toServer.get();
    }

    /** Whether the relay holds the request it was asked to hold. */
    public boolean holding() {
        return holding.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket();
                upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), target), 10_000);
                sockets.add(client);
                sockets.add(upstream);
                threads.execute(() -> pump(client, upstream, toServer, held));
                threads.execute(() -> pump(upstream, client, fromServer, null));
            } catch (IOException e) {
                // closed, or the target refused: the client sees its connection closed
            }
        }
    }

    /** Copies {@code from} to {@code to}; a read that shows {@code marker} (lower case) may hold the connection. */
    private void pump(Socket from, Socket to, AtomicLong counter, String marker) {
        byte[] buffer = new byte[64 * 1024];
        // the end of the previous read, so that a header split between two reads is still found
        String tail = "";
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (marker != null) {
                    String text = tail + new String(buffer, 0, n, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
                    if (text.contains(marker) && holding.compareAndSet(false, true)) {
                        closed.await();
                        return;
                    }
                    tail = text.substring(Math.max(0, text.length() - marker.length()));
                }
                counter.addAndGet(n);
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed: close both below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() throws Exception {
        closed.countDown();
        server.close();
        sockets.forEach(StoreRelay::closeQuietly);
        threads.shutdownNow();
        threads.awaitTermination(10, TimeUnit.SECONDS);
    }
}

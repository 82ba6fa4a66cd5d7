package dev.iolab.upload.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on loopback in front of a server (Azurite) that counts the bytes in each direction: put between the
 * service and its store, it shows how many bytes the service received from the store. Its threads stop when it is
 * closed.
 */
public final class CountingRelay implements AutoCloseable {

    private final ServerSocket server;
    private final int target;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "counting-relay");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicLong fromServer = new AtomicLong();
    private final AtomicLong toServer = new AtomicLong();

    public CountingRelay(int targetPort) throws IOException {
        this.target = targetPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::accept);
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

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket();
                upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), target), 10_000);
                sockets.add(client);
                sockets.add(upstream);
                threads.execute(() -> pump(client, upstream, toServer));
                threads.execute(() -> pump(upstream, client, fromServer));
            } catch (IOException e) {
                // closed, or the target refused: the client sees its connection closed
            }
        }
    }

    private static void pump(Socket from, Socket to, AtomicLong counter) {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                counter.addAndGet(n);
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed: close both below
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
        server.close();
        sockets.forEach(CountingRelay::closeQuietly);
        threads.shutdownNow();
        threads.awaitTermination(10, TimeUnit.SECONDS);
    }
}

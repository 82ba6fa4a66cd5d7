package dev.iolab.loadtest.tus;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay on a free loopback port in front of a server that counts every byte clients send through it and cuts
 * the connection that carries the byte at each of the given positions: the bytes up to the position are passed on,
 * then both sides are reset (RST), as a network that drops mid-request. Counting at the relay sees what really left the
 * client, request heads included, whatever the client believes it wrote.
 */
final class CuttingRelay implements AutoCloseable {

    private static final int BUFFER = 64 * 1024;

    private final ServerSocket listener;
    private final int targetPort;
    private final List<Long> cutAt;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;
    private long sent;
    private int cutsDone;

    private CuttingRelay(ServerSocket listener, int targetPort, List<Long> cutAt) {
        this.listener = listener;
        this.targetPort = targetPort;
        this.cutAt = List.copyOf(cutAt);
        this.acceptor = Thread.ofPlatform().daemon().name("relay-accept").start(this::accept);
    }

    /** A relay to {@code 127.0.0.1:targetPort} that cuts at each of {@code cutAt} (client bytes, ascending). */
    static CuttingRelay start(int targetPort, List<Long> cutAt) throws IOException {
        ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        return new CuttingRelay(listener, targetPort, cutAt);
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Bytes clients have sent through the relay so far. */
    synchronized long sent() {
        return sent;
    }

    /** Connections cut so far. */
    synchronized int cuts() {
        return cutsDone;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5_000);
                open.add(client);
                open.add(server);
                Thread.ofPlatform().daemon().start(() -> pump(client, server, true));
                Thread.ofPlatform().daemon().start(() -> pump(server, client, false));
            } catch (IOException e) {
                // closed, or the server refused: the client sees its connection fail
            }
        }
    }

    private void pump(Socket from, Socket to, boolean counted) {
        byte[] buffer = new byte[BUFFER];
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            int n;
            while ((n = in.read(buffer)) > 0) {
                int pass = counted ? admit(n) : n;
                out.write(buffer, 0, pass);
                out.flush();
                if (pass < n) {
                    reset(from);
                    reset(to);
                    return;
                }
            }
            to.shutdownOutput();
        } catch (IOException e) {
            reset(from);
            reset(to);
        }
    }

    /** How many of {@code n} client bytes may pass before the next cut; counts them. */
    private synchronized int admit(int n) {
        if (cutsDone < cutAt.size() && sent + n >= cutAt.get(cutsDone)) {
            int pass = (int) (cutAt.get(cutsDone) - sent);
            sent += pass;
            cutsDone++;
            return pass;
        }
        sent += n;
        return n;
    }

    private void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
        } catch (SocketException e) {
            // already closed
        }
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
        open.remove(socket);
    }

    /**
     * The cut positions for an upload of {@code size} bytes in requests of {@code chunk} bytes: {@code cuts} of them,
     * at {@code size × k / (cuts + 1)} plus half a chunk, so that each falls in the middle of a request.
     */
    static List<Long> evenCuts(long size, int cuts, long chunk) {
        List<Long> at = new ArrayList<>();
        for (int k = 1; k <= cuts; k++) {
            at.add(size * k / (cuts + 1) + chunk / 2);
        }
        return at;
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket socket : List.copyOf(open)) {
            reset(socket);
        }
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

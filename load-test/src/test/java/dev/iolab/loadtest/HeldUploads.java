package dev.iolab.loadtest;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Uploads that announce 1 MiB and send one byte, then stall: each holds an executor thread (blocked reading the
 * body) or a queue slot until {@link #close()} drops the connections. Holding the service's whole capacity this way
 * makes the next uploads' 503 certain instead of a race against fast uploads. Add them one at a time and wait
 * for the executor to show each: a burst into idle pool threads goes through the queue, and offers can find it
 * transiently full before the idle threads have taken their tasks (ThreadPoolExecutor hands work to existing idle
 * core threads only via the queue).
 */
final class HeldUploads implements AutoCloseable {

    private final List<Socket> sockets = new ArrayList<>();

    private final int port;
    private final String strategy;

    private HeldUploads(int port, String strategy) {
        this.port = port;
        this.strategy = strategy;
    }

    static HeldUploads to(int port, String strategy) {
        return new HeldUploads(port, strategy);
    }

    /** Starts one more stalled upload. */
    void add() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        sockets.add(socket);
        OutputStream out = socket.getOutputStream();
        out.write(("PUT /uploads/held-" + System.nanoTime() + ".bin?strategy=" + strategy + " HTTP/1.1\r\n"
                        + "Host: 127.0.0.1:" + port + "\r\n"
                        + "Content-Type: application/octet-stream\r\n"
                        + "Content-Length: 1048576\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(0);
        out.flush();
    }

    /** Drops every connection mid-body: to the service, clients that aborted. */
    @Override
    public void close() {
        for (Socket socket : sockets) {
            try {
                socket.setSoLinger(true, 0);
                socket.close();
            } catch (IOException ignored) {
                // already gone
            }
        }
        sockets.clear();
    }
}
